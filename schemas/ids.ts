/**
 * The one place `$id`s are made. They double as the OpenAPI component names, so they are
 * readable PascalCase names after the content type or component, never `def-0`.
 */
import type { Model } from '../plugin/content-types/model.js'

export type SchemaVariant =
  | 'Entry' | 'Attributes' | 'ListResponse' | 'EntryResponse' | 'CreateRequest' | 'UpdateRequest' | 'Component'
  | 'LocalizationResponse'
  // Strapi v5's format (docs/strapi-v5.md): the document beside v4's in one app's schemas.
  | 'V5Entry' | 'V5Component' | 'V5ListResponse' | 'V5EntryResponse'

function pascal (text: string): string {
  return text.split(/[^A-Za-z0-9]+/).filter(Boolean).map(part => part[0]!.toUpperCase() + part.slice(1)).join('')
}

/** `api::article.article` → `Article`; `shared.seo` → `SharedSeo`; the users-permissions user → `UsersPermissionsUser`; the file model → `UploadFile`. */
export function modelSchemaName (model: Model): string {
  if (model.kind === 'contentType') return pascal(model.singularName)
  if (model.kind === 'component') return pascal(model.uid)
  if (model.kind === 'plugin') return model.schemaName
  return 'UploadFile'
}

export function schemaId (model: Model, variant: SchemaVariant): string {
  return `${modelSchemaName(model)}${variant}`
}

export const ERROR_RESPONSE_ID = 'ErrorResponse'
