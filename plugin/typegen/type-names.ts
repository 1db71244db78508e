/**
 * Names of the generated types. Those the OpenAPI document also has are its component
 * names (the schemas' `$id`s: `ArticleEntry`, `SharedSeoComponent`), so a client sees one
 * name for one thing; the input-only ones follow the same pattern.
 */
import type { Model } from '../content-types/model.js'
import { modelSchemaName, schemaId } from '../../schemas/ids.js'

export const attributesType = (model: Model): string => schemaId(model, 'Attributes')
export const entryType = (model: Model): string => schemaId(model, 'Entry')
export const componentType = (model: Model): string => schemaId(model, 'Component')
export const listResponseType = (model: Model): string => schemaId(model, 'ListResponse')
export const entryResponseType = (model: Model): string => schemaId(model, 'EntryResponse')
export const createRequestType = (model: Model): string => schemaId(model, 'CreateRequest')
export const updateRequestType = (model: Model): string => schemaId(model, 'UpdateRequest')

export type InputVariant = 'create' | 'update'

/** `ArticleCreateData`: what goes under `data` in a create body. */
export const inputDataType = (model: Model, variant: InputVariant): string =>
  `${modelSchemaName(model)}${variant === 'create' ? 'Create' : 'Update'}Data`

/** `SharedSeoComponentCreate` (a new row) and `SharedSeoComponentUpdate` (an existing row, by id). */
export const componentInputType = (model: Model, variant: InputVariant): string =>
  `${componentType(model)}${variant === 'create' ? 'Create' : 'Update'}`
