/**
 * Strapi v4's GraphQL names (its plugin's `naming` service, 4.26), so a front end's queries
 * and generated client types keep working: `Article`, `ArticleEntity`,
 * `ArticleEntityResponse(Collection)`, `ArticleRelationResponseCollection`,
 * `ArticleFiltersInput`, `ComponentSharedSeo`, `ArticleBlocksDynamicZone`,
 * `ENUM_ARTICLE_STATUS`, and the query fields `articles` and `article`.
 */
import type { ComponentModel, Model } from '../content-types/model.js'

/**
 * The words of a name as lodash's `words` splits ASCII text, which Strapi's names go through:
 * at every character that is not a letter or a digit, between a lower and an upper case
 * letter, before the last capital of a run of capitals followed by a lower case letter
 * (`HTMLParser` → HTML, Parser), and around runs of digits (`v2api` → v, 2, api).
 */
export function words (text: string): string[] {
  return text.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+/g) ?? []
}

function upperFirst (text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function lowerFirst (text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** lodash's `camelCase` of ASCII text: `open-graph` → openGraph, `blog_posts` → blogPosts. */
export function camelCase (text: string): string {
  return words(text).map((word, index) => index === 0 ? word.toLowerCase() : upperFirst(word.toLowerCase())).join('')
}

/** The type of a content type or plugin type: `Article`, `UploadFile`, `UsersPermissionsUser`; `plural`: `Articles`. */
export function typeName (model: Model, plural = false): string {
  if (model.kind === 'component') return componentName(model)
  const [namespace = '', rest = ''] = model.uid.split('::')
  const [plugin = '', name = ''] = rest.split('.')
  const prefix = namespace === 'plugin' ? upperFirst(camelCase(plugin)) : ''
  // Strapi pluralizes its plugins' singular names (user, role, file, locale) with an `s`.
  const modelName = model.kind === 'contentType' ? (plural ? model.pluralName : model.singularName) : plural ? `${name}s` : name
  return `${prefix}${upperFirst(camelCase(modelName))}`
}

/** A component's type, its Strapi `globalId`: `shared.open-graph` → ComponentSharedOpenGraph. */
export function componentName (model: ComponentModel): string {
  return upperFirst(camelCase(`component_${model.uid}`))
}

export const entityName = (model: Model): string => `${typeName(model)}Entity`
export const entityResponseName = (model: Model): string => `${entityName(model)}Response`
export const entityResponseCollectionName = (model: Model): string => `${entityName(model)}ResponseCollection`
export const relationResponseCollectionName = (model: Model): string => `${typeName(model)}RelationResponseCollection`
export const filtersInputName = (model: Model): string => `${typeName(model)}FiltersInput`

/** `ENUM_ARTICLE_STATUS`, `ENUM_COMPONENTBLOCKSQUOTE_STYLE`. */
export function enumName (model: Model, attribute: string): string {
  return `ENUM_${typeName(model).toUpperCase()}_${attribute.toUpperCase()}`
}

/** `ArticleBlocksDynamicZone`. */
export function dynamicZoneName (model: Model, attribute: string): string {
  return `${typeName(model)}${upperFirst(camelCase(attribute))}DynamicZone`
}

/** The list query: `articles`. */
export function findQueryName (model: Model): string {
  return lowerFirst(typeName(model, true))
}

/** The one-entry query (and a single type's): `article`, `homepage`. */
export function findOneQueryName (model: Model): string {
  return lowerFirst(typeName(model))
}

/**
 * An enumeration value as a GraphQL enum value name, as Strapi's `toRegressedEnumValue`
 * (slugify with `_`, case kept) makes it for ASCII: `draft-idea` → draft_idea, `A & B` →
 * A_and_B. Accents are dropped (`é` → e). A name GraphQL cannot take (empty, or starting
 * with a digit) is null: the caller then serves the attribute as a String.
 */
export function enumValueName (value: string): string | null {
  const name = value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : null
}
