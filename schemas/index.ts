/** Every shared schema of a registry, to add once with `app.addSchema`. */
import type { TSchema } from '@sinclair/typebox'
import type { Registry } from './model-types.js'
import { componentSchema, entrySchema, localizationResponseSchema } from './entry.js'
import { entryResponseSchema, errorResponseSchema, listResponseSchema } from './envelope.js'

export function sharedSchemas (registry: Registry): TSchema[] {
  const schemas: TSchema[] = [errorResponseSchema, entrySchema(registry, registry.file)]
  for (const plugin of registry.plugins.values()) schemas.push(entrySchema(registry, plugin))
  for (const component of registry.components.values()) schemas.push(componentSchema(registry, component))
  for (const model of registry.contentTypes.values()) {
    schemas.push(entrySchema(registry, model), listResponseSchema(model), entryResponseSchema(model))
    if (model.localized && !model.single) schemas.push(localizationResponseSchema(model))
  }
  return schemas
}

export { schemaId, ERROR_RESPONSE_ID } from './ids.js'
