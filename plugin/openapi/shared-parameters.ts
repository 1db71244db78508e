/**
 * Every operation of a content type documents the same `populate` and `fields`, and every
 * list the same `pagination`: written out in each operation, a model of a few types makes
 * a document of megabytes. Identical query parameters are stored once under
 * `components.parameters` and referenced: named after the operation's tag when only one
 * tag uses it (`ArticlePopulate`), after the parameter alone when several share it (`Pagination`).
 */

interface ParameterShape {
  name?: string
  in?: string
}

/** The part of an OpenAPI 3 document this step reads and writes. */
export interface ParameterDocument {
  paths?: Record<string, Record<string, unknown> | undefined>
  components?: { parameters?: Record<string, unknown> }
}

interface Occurrence {
  parameters: unknown[]
  index: number
  parameter: ParameterShape
  tag: string
  key: string
}

function pascalCase (name: string): string {
  return name.split(/[^A-Za-z0-9]+/).filter(Boolean).map(part => part[0]!.toUpperCase() + part.slice(1)).join('')
}

function queryOccurrences (document: ParameterDocument): Occurrence[] {
  const found: Occurrence[] = []
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {})) {
      const { parameters, tags } = operation as { parameters?: unknown, tags?: unknown }
      if (!Array.isArray(parameters)) continue
      const tag = Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : ''
      parameters.forEach((parameter: ParameterShape, index) => {
        if (parameter.in !== 'query' || typeof parameter.name !== 'string') return
        found.push({ parameters, index, parameter, tag, key: JSON.stringify(parameter) })
      })
    }
  }
  return found
}

export function shareQueryParameters<D extends ParameterDocument> (document: D): D {
  const occurrences = queryOccurrences(document)
  const tagsByKey = new Map<string, Set<string>>()
  for (const { tag, key } of occurrences) tagsByKey.set(key, (tagsByKey.get(key) ?? new Set()).add(tag))
  const shared: Record<string, unknown> = { ...document.components?.parameters }
  const nameByKey = new Map<string, string>()
  for (const { parameters, index, parameter, tag, key } of occurrences) {
    let name = nameByKey.get(key)
    if (name === undefined) {
      const base = pascalCase(tagsByKey.get(key)!.size > 1 ? parameter.name! : `${tag} ${parameter.name!}`)
      name = base
      for (let suffix = 2; Object.hasOwn(shared, name); suffix++) name = `${base}${suffix}`
      shared[name] = parameter
      nameByKey.set(key, name)
    }
    parameters[index] = { $ref: `#/components/parameters/${name}` }
  }
  document.components = { ...document.components, parameters: shared }
  return document
}
