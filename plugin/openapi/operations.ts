/**
 * The names of the generated operations in the OpenAPI document: one `operationId` per
 * route (`findArticles`, `findOneArticle`, …), one tag per content type. Client
 * generators turn these into method names, so they are stable and derived from the schema.
 */
import type { FastifySchema } from 'fastify'
import type { ContentTypeModel } from '../content-types/model.js'
import { modelSchemaName } from '../../schemas/ids.js'

export const CONTENT_OPERATIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const

/** The five of every content type, and `createLocalization` of localized ones. */
export type ContentOperation = typeof CONTENT_OPERATIONS[number] | 'createLocalization'

export function modelOperations (model: ContentTypeModel): ContentOperation[] {
  if (model.single) return ['find', 'update', 'delete']
  return model.localized ? [...CONTENT_OPERATIONS, 'createLocalization'] : [...CONTENT_OPERATIONS]
}

/** The `$id` variant of an operation's answer: the list, Strapi v4's bare localization, or the one entry. */
export function successVariant (model: ContentTypeModel, operation: ContentOperation): 'ListResponse' | 'EntryResponse' | 'LocalizationResponse' {
  if (operation === 'find' && !model.single) return 'ListResponse'
  return operation === 'createLocalization' ? 'LocalizationResponse' : 'EntryResponse'
}

function pascalCase (kebab: string): string {
  return kebab.split('-').filter(Boolean).map(part => part[0]!.toUpperCase() + part.slice(1)).join('')
}

/** `find` + plural for the list, the action + singular for the rest: `findArticles`, `updateArticle`. */
export function operationId (model: ContentTypeModel, operation: ContentOperation): string {
  if (operation === 'find') return `find${pascalCase(model.single ? model.singularName : model.pluralName)}`
  if (operation === 'createLocalization') return `create${pascalCase(model.singularName)}Localization`
  return `${operation}${pascalCase(model.singularName)}`
}

/** The tag grouping a content type's operations; the same name as its schemas (`Article`). */
export function contentTypeTag (model: ContentTypeModel): string {
  return modelSchemaName(model)
}

const article = (name: string): string => /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`

const SUMMARIES: Record<ContentOperation, (name: string) => string> = {
  find: name => `List ${name} entries`,
  findOne: name => `Get ${article(name)} entry`,
  create: name => `Create ${article(name)} entry`,
  update: name => `Update ${article(name)} entry`,
  delete: name => `Delete ${article(name)} entry`,
  createLocalization: name => `Create a localization of ${article(name)} entry`
}

const DESCRIPTIONS: Record<ContentOperation, string> = {
  find: 'Filtered, sorted and paginated; relations, media, components and dynamic zones appear only when populated.',
  findOne: 'A draft answers 404 unless `publicationState=preview`.',
  create: 'Published at once unless `publishedAt: null` is sent. Answers the created entry; `fields` and `populate` shape it.',
  update: 'Partial: unsent attributes are kept, `null` clears. Answers the updated entry; `fields` and `populate` shape it.',
  delete: 'Answers the deleted entry; `fields` and `populate` shape it.',
  createLocalization: 'A new entry in the `locale` the body names, joined to the localizations of entry `id`. ' +
    'The body is the attributes, bare as in Strapi v4 or under `data`; attributes shared across locales ' +
    '(`pluginOptions.i18n.localized: false`) left out are copied from entry `id`, those sent are written to the whole group. ' +
    'Answers the created entry as Strapi v4 does: bare (`{ id, ...attributes, localizations }`, no `data` envelope).'
}

/** The documentation keys of a route schema; Fastify itself ignores them. */
export function operationDocs (model: ContentTypeModel, operation: ContentOperation): FastifySchema {
  const single = model.single ? SINGLE_TYPE_DOCS[operation] : undefined
  return {
    operationId: operationId(model, operation),
    tags: [contentTypeTag(model)],
    summary: single?.summary(model.displayName) ?? SUMMARIES[operation](model.displayName),
    description: single?.description ?? DESCRIPTIONS[operation]
  }
}

const SINGLE_TYPE_DOCS: Partial<Record<ContentOperation, { summary: (name: string) => string, description: string }>> = {
  find: { summary: name => `Get the ${name} entry`, description: 'A single type: 404 until it is written (or while it is a draft, unless `publicationState=preview`).' },
  update: { summary: name => `Write the ${name} entry`, description: 'Updates the entry, or creates it when there is none yet. Answers the written entry.' },
  delete: { summary: name => `Delete the ${name} entry`, description: 'Answers the deleted entry.' }
}
