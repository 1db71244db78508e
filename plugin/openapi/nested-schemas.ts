/**
 * A schema with its own `$id` nested in another (`ArticleAttributes` inside `ArticleEntry`)
 * comes out of @fastify/swagger twice: as its own component and inlined in its parent.
 * Here every inlined copy of an object component becomes a `$ref` to it, so the document
 * names it once and tools show `ArticleEntry.attributes` as `ArticleAttributes`.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** The part of an OpenAPI 3 document this step reads and writes. */
export interface SchemaDocument {
  components?: { schemas?: Record<string, unknown> }
}

const isObject = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isNamedObjectSchema (schema: Json): boolean {
  return isObject(schema) && schema.type === 'object' && isObject(schema.properties ?? null)
}

function replaceCopies (node: Json, nameByJson: ReadonlyMap<string, string>): Json {
  if (Array.isArray(node)) return node.map(item => replaceCopies(item, nameByJson))
  if (!isObject(node)) return node
  const name = nameByJson.get(JSON.stringify(node))
  if (name !== undefined) return { $ref: `#/components/schemas/${name}` }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, replaceCopies(value, nameByJson)]))
}

export function referenceNestedSchemas<D extends SchemaDocument> (document: D): D {
  const schemas = document.components?.schemas as Record<string, Json> | undefined
  if (schemas === undefined) return document
  const nameByJson = new Map<string, string>()
  for (const [name, schema] of Object.entries(schemas)) {
    if (isNamedObjectSchema(schema)) nameByJson.set(JSON.stringify(schema), name)
  }
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema)) continue
    // The component itself is not replaced by a reference to itself; only what it holds.
    schemas[name] = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, replaceCopies(value, nameByJson)]))
  }
  return document
}
