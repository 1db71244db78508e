/**
 * Query parameters written in bracket notation (`populate[author][fields][0]=name`) are
 * `style: deepObject, explode: true` in OpenAPI terms. @fastify/swagger can only set one
 * style for a whole query string, so each parameter gets its own here, on the finished
 * document: the object- and list-shaped ones become deepObject, plain ones keep the default,
 * and the structured ones start empty in the docs page's "Try it out".
 */

interface SchemaShape {
  type?: unknown
  anyOf?: SchemaShape[]
  oneOf?: SchemaShape[]
}

interface ParameterShape {
  in?: string
  schema?: SchemaShape
  style?: string
  explode?: boolean
  example?: unknown
}

/** The part of an OpenAPI 3 document this step reads. */
export interface DocumentShape {
  paths?: Record<string, Record<string, unknown> | undefined>
}

function mayBeStructured (schema: SchemaShape | undefined): boolean {
  if (schema === undefined) return false
  if (schema.type === 'object' || schema.type === 'array') return true
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(mayBeStructured)
}

function operationParameters (operation: unknown): ParameterShape[] {
  const parameters = (operation as { parameters?: unknown } | undefined)?.parameters
  return Array.isArray(parameters) ? parameters as ParameterShape[] : []
}

export function styleQueryParameters<D extends DocumentShape> (document: D): D {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {})) {
      for (const parameter of operationParameters(operation)) {
        if (parameter.in !== 'query' || !mayBeStructured(parameter.schema)) continue
        parameter.style = 'deepObject'
        parameter.explode = true
        // Swagger UI's "Try it out" fills an object parameter without an example with a
        // sample of every property (`filters[title]=string`, page beside offset): a 400.
        if (parameter.schema?.type === 'object') parameter.example ??= {}
      }
    }
  }
  return document
}
