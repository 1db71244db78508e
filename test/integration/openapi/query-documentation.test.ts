/**
 * The documented query language is the accepted one: every filter operator the document
 * lists for an attribute compiles, every other one is refused. Without a database.
 */
import t from 'tap'
import type { ScalarType } from '../../../plugin/content-types/definition.js'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import { compileFilters } from '../../../plugin/query/filters.js'
import { filterOperators } from '../../../schemas/query.js'
import { EXAMPLE_SCHEMAS } from '../../helpers/paths.js'

const registry = buildRegistry(await loadSchemaFolder(EXAMPLE_SCHEMAS))
const ALL_OPERATORS = filterOperators({ kind: 'scalar', name: 'probe', type: 'string', required: false, private: false, system: false, unique: false, writable: true })

const SAMPLE: Record<ScalarType, string> = {
  string: 'x', text: 'x', richtext: 'x', enumeration: 'ready', email: 'a@example.com', password: 'x', uid: 'x',
  date: '2024-02-29', time: '09:30', datetime: '2024-02-29T09:30:00Z', timestamp: '2024-02-29T09:30:00Z',
  integer: '1', biginteger: '1', float: '1.5', decimal: '1.5', boolean: 'true', json: 'x', array: 'x', blocks: 'x'
}

function valueFor (operator: string, type: ScalarType): unknown {
  if (operator === '$null' || operator === '$notNull') return 'true'
  if (operator === '$in' || operator === '$notIn' || operator === '$between') return [SAMPLE[type], SAMPLE[type]]
  return SAMPLE[type]
}

t.test('each attribute of the example model accepts exactly the operators documented for it', async t => {
  for (const model of registry.contentTypes.values()) {
    for (const attribute of model.attributes.values()) {
      if (attribute.kind !== 'scalar' || attribute.private) continue
      const documented = new Set(filterOperators(attribute))
      for (const operator of ALL_OPERATORS) {
        const compile = (): unknown => compileFilters(registry, model, { [attribute.name]: { [operator]: valueFor(operator, attribute.type) } }, ['filters'])
        if (documented.has(operator)) t.doesNotThrow(compile, `${model.pluralName}.${attribute.name} (${attribute.type}) ${operator}`)
        else t.throws(compile, `${model.pluralName}.${attribute.name} (${attribute.type}) refuses ${operator}`)
      }
    }
  }
})
