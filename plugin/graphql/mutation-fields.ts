/**
 * The `Mutation` fields of the content types, as Strapi v4's GraphQL plugin has them: per
 * collection type `createX(data)`, `updateX(id, data)`, `deleteX(id)`; per single type
 * `updateX(data)` and `deleteX`; `locale` on each of a localized type, and after all of them
 * `createXLocalization(id, data, locale)` per localized type. Each answers `XEntityResponse`.
 */
import { GraphQLID, GraphQLList, GraphQLNonNull } from 'graphql'
import type { GraphQLFieldConfig, GraphQLFieldConfigArgumentMap, GraphQLFieldConfigMap, GraphQLFieldResolver, GraphQLObjectType } from 'graphql'
import type { ContentTypeModel, FileModel, PluginModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { UPLOAD_UID } from '../options/permissions.js'
import type { ContentAction, UploadAction, UserAction } from '../options/permissions.js'
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
  /** users-permissions' users, written by auth/user-edits.ts as the REST `/users` routes (./user-mutations.ts). */
  | { kind: 'createUser', model: PluginModel }
  | { kind: 'updateUser', model: PluginModel }
  | { kind: 'deleteUser', model: PluginModel }
  /** The media library's, written by upload/upload-service.ts as its REST routes (./file-mutations.ts). */
  | { kind: 'upload', model: FileModel }
  | { kind: 'multipleUpload', model: FileModel }
  | { kind: 'updateFileInfo', model: FileModel }
  | { kind: 'removeFile', model: FileModel }
  /** The media library's entry mutations (`createUploadFile`, …), Strapi's generic ones for its file type. */
  | { kind: 'createFile', model: FileModel }
  | { kind: 'updateFile', model: FileModel }
  | { kind: 'deleteFile', model: FileModel }

/** The mutations of a content type's entries (the REST write path). */
export type ContentMutationRole = Extract<MutationRole, { model: ContentTypeModel }>

/** The role action each mutation is checked against (docs/access-control.md). */
export function mutationAction (role: MutationRole): ContentAction | UserAction | UploadAction {
  switch (role.kind) {
    case 'create':
    case 'createUser':
    case 'localize': return 'create'
    case 'update':
    case 'updateUser':
    case 'updateSingle': return 'update'
    case 'delete':
    case 'deleteSingle': return 'delete'
    case 'deleteUser': return 'destroy'
    // As the REST `POST /upload`, `POST /upload?id=` and `DELETE /upload/files/:id`.
    case 'upload':
    case 'multipleUpload':
    case 'updateFileInfo':
    // Strapi's upload plugin gives its generic file mutations these actions too.
    case 'createFile':
    case 'updateFile': return 'upload'
    case 'removeFile':
    case 'deleteFile': return 'destroy'
  }
}

/** The subject whose action a mutation takes: its type's uid, or the media plugin's for files (as REST's media routes). */
export function mutationSubject (role: MutationRole): string {
  return role.model.kind === 'file' ? UPLOAD_UID : role.model.uid
}

/**
 * A mutation of a Strapi plugin, in the order Strapi lists them: a field of its own
 * (`login`), or one answered as the content types' are, by its role (`createUsersPermissionsUser`
 * answers the user it wrote with the mutation's selection).
 */
export type PluginMutation =
  | { name: string, field: (inputs: InputBuilder) => GraphQLFieldConfig<unknown, unknown> }
  | { name: string, role: MutationRole, args: (inputs: InputBuilder) => GraphQLFieldConfigArgumentMap, description?: string, nonNull: boolean, list?: boolean }

export type MutationResolver = (role: MutationRole) => GraphQLFieldResolver<unknown, unknown>

export interface MutationFieldsOptions {
  registry: Registry
  inputs: InputBuilder
  /** `XEntityResponse`, the answer of every mutation of a type. */
  response: (model: ContentTypeModel | PluginModel | FileModel) => GraphQLObjectType
  resolve: MutationResolver
  /** Mutations Strapi lists before the content types' (the media library's entries). */
  first?: readonly PluginMutation[]
  /** The plugins' mutations, which Strapi lists after the content types' and before their localizations'. */
  plugins: readonly PluginMutation[]
}

export interface MutationFields {
  fields: GraphQLFieldConfigMap<unknown, unknown>
  /** By field name. */
  roles: ReadonlyMap<string, MutationRole>
}

export function mutationFields ({ registry, inputs, response, resolve, first = [], plugins }: MutationFieldsOptions): MutationFields {
  const fields: GraphQLFieldConfigMap<unknown, unknown> = {}
  const roles = new Map<string, MutationRole>()
  const add = (name: string, role: MutationRole, args: GraphQLFieldConfigArgumentMap, extra: Partial<GraphQLFieldConfig<unknown, unknown>> = {}, nonNull = false, list = false): void => {
    roles.set(name, role)
    const answer = list ? new GraphQLList(response(role.model)) : response(role.model)
    const type = nonNull ? new GraphQLNonNull(answer) : answer
    const field: GraphQLFieldConfig<unknown, unknown> = { type, args, resolve: resolve(role), ...extra }
    fields[name] = field
  }
  const addPlugin = (mutation: PluginMutation): void => {
    if ('field' in mutation) fields[mutation.name] = mutation.field(inputs)
    else add(mutation.name, mutation.role, mutation.args(inputs), mutation.description === undefined ? {} : { description: mutation.description }, mutation.nonNull, mutation.list)
  }
  const localized = [...registry.contentTypes.values()].filter(model => model.localized)
  for (const mutation of first) addPlugin(mutation)
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
  for (const mutation of plugins) addPlugin(mutation)
  for (const model of localized) {
    add(`create${typeName(model)}Localization`, { kind: 'localize', model }, {
      id: { type: GraphQLID }, data: { type: inputs.input(model) }, locale: { type: LOCALE_CODE_SCALAR }
    })
  }
  return { fields, roles }
}
