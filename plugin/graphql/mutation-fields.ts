/**
 * The `Mutation` fields of the content types, as Strapi v4's GraphQL plugin has them: per
 * collection type `createX(data)`, `updateX(id, data)`, `deleteX(id)`; per single type
 * `updateX(data)` and `deleteX`; `locale` on each of a localized type, and after all of them
 * `createXLocalization(id, data, locale)` per localized type. Each answers `XEntityResponse`.
 */
import { GraphQLID, GraphQLNonNull } from 'graphql'
import type { GraphQLFieldConfig, GraphQLFieldConfigArgumentMap, GraphQLFieldConfigMap, GraphQLFieldResolver, GraphQLObjectType } from 'graphql'
import type { ContentTypeModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { ContentAction } from '../options/permissions.js'
import type { InputBuilder } from './inputs.js'
import { typeName } from './names.js'
import { LOCALE_CODE_SCALAR } from './scalars.js'

/** What a mutation writes, and the action of the caller's role it takes. */
export type MutationRole =
  | { kind: 'create', model: ContentTypeModel }
  | { kind: 'update', model: ContentTypeModel }
  | { kind: 'delete', model: ContentTypeModel }
  | { kind: 'updateSingle', model: ContentTypeModel }
  | { kind: 'deleteSingle', model: ContentTypeModel }
  | { kind: 'localize', model: ContentTypeModel }

/** The role action each mutation is checked against (docs/access-control.md). */
export function mutationAction (role: MutationRole): ContentAction {
  switch (role.kind) {
    case 'create':
    case 'localize': return 'create'
    case 'update':
    case 'updateSingle': return 'update'
    case 'delete':
    case 'deleteSingle': return 'delete'
  }
}

export type MutationResolver = (role: MutationRole) => GraphQLFieldResolver<unknown, unknown>

export interface MutationFieldsOptions {
  registry: Registry
  inputs: InputBuilder
  /** `XEntityResponse`, the answer of every mutation of a type. */
  response: (model: ContentTypeModel) => GraphQLObjectType
  resolve: MutationResolver
  /** The plugins' mutations, which Strapi lists after the content types' and before their localizations'. */
  plugins: GraphQLFieldConfigMap<unknown, unknown>
}

export interface MutationFields {
  fields: GraphQLFieldConfigMap<unknown, unknown>
  /** By field name. */
  roles: ReadonlyMap<string, MutationRole>
}

export function mutationFields ({ registry, inputs, response, resolve, plugins }: MutationFieldsOptions): MutationFields {
  const fields: GraphQLFieldConfigMap<unknown, unknown> = {}
  const roles = new Map<string, MutationRole>()
  const add = (name: string, role: MutationRole, args: GraphQLFieldConfigArgumentMap): void => {
    roles.set(name, role)
    const field: GraphQLFieldConfig<unknown, unknown> = { type: response(role.model), args, resolve: resolve(role) }
    fields[name] = field
  }
  const localized = [...registry.contentTypes.values()].filter(model => model.localized)
  for (const model of registry.contentTypes.values()) {
    const name = typeName(model)
    const data = { data: { type: new GraphQLNonNull(inputs.input(model)) } }
    const id = { id: { type: new GraphQLNonNull(GraphQLID) } }
    const locale: GraphQLFieldConfigArgumentMap = model.localized ? { locale: { type: LOCALE_CODE_SCALAR } } : {}
    if (model.single) {
      add(`update${name}`, { kind: 'updateSingle', model }, { ...data, ...locale })
      add(`delete${name}`, { kind: 'deleteSingle', model }, locale)
      continue
    }
    add(`create${name}`, { kind: 'create', model }, { ...data, ...locale })
    add(`update${name}`, { kind: 'update', model }, { ...id, ...data, ...locale })
    add(`delete${name}`, { kind: 'delete', model }, { ...id, ...locale })
  }
  Object.assign(fields, plugins)
  for (const model of localized) {
    add(`create${typeName(model)}Localization`, { kind: 'localize', model }, {
      id: { type: GraphQLID }, data: { type: inputs.input(model) }, locale: { type: LOCALE_CODE_SCALAR }
    })
  }
  return { fields, roles }
}
