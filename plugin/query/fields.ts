/**
 * Names a query may use on a model, and `fields` (docs/querying.md, 'fields'): which scalar attributes a read
 * returns. Every compiler resolves attribute names through `findAttribute`, so unknown and
 * private names are refused the same way everywhere.
 */
import type {
  Attribute, ComponentAttribute, MediaAttribute, Model, RelationAttribute
} from '../content-types/model.js'
import { defaultFieldNames, targetUid } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { invalidParameter, invalidValue, listItems, splitCommaList, type KeyPath } from './parse.js'

/** Relations to admin users, shown only by the creator-fields feature (docs/access-control.md, 'Admin users and creator fields'). */
export const CREATOR_FIELDS: ReadonlySet<string> = new Set(['createdBy', 'updatedBy'])

export function isPrivate (attribute: Attribute): boolean {
  return attribute.private || (attribute.kind === 'scalar' && attribute.type === 'password')
}

/**
 * The attribute `name` of `model`, or a 400 at `path`. Unknown and private names get the
 * same answer, so a client cannot probe for private attributes.
 */
export function findAttribute (model: Model, name: string, path: KeyPath): Attribute {
  const attribute = model.attributes.get(name)
  if (attribute === undefined || isPrivate(attribute)) throw invalidParameter(path, name)
  return attribute
}

/** The model a relation, media or single component attribute leads to. */
export function targetModel (registry: Registry, attribute: RelationAttribute | MediaAttribute | ComponentAttribute): Model {
  return registry.model(targetUid(attribute))
}

/**
 * `fields` as `fields[0]=a`, `fields=a,b`, `fields=a` or `fields=*`: scalar names in schema
 * order. `id` is accepted and left out (it is always returned). Absent: the defaults.
 */
export function compileFields (model: Model, raw: unknown, path: KeyPath): string[] {
  if (raw === undefined) return defaultFieldNames(model)
  const requested = new Set<string>()
  let all = false
  for (const [text, at] of fieldTexts(raw, path)) {
    for (const name of splitCommaList(text, at)) {
      if (name === '*') {
        all = true
      } else if (name !== 'id') {
        const attribute = findAttribute(model, name, at)
        if (attribute.kind !== 'scalar') {
          throw invalidParameter(at, name, 'relations, media, components and dynamic zones are selected with populate')
        }
        requested.add(name)
      }
    }
  }
  if (all) return defaultFieldNames(model)
  return [...model.attributes.keys()].filter(name => requested.has(name))
}

/** The texts of a `fields` value with where each sits: one string or a list of strings. */
export function fieldTexts (raw: unknown, path: KeyPath): Array<[string, KeyPath]> {
  if (typeof raw === 'string') return [[raw, path]]
  const items = listItems(raw)
  if (items === null) throw invalidValue(path, 'expected a field name, a comma-separated list or fields[0]=<name>')
  return items.map(([index, item]) => {
    if (typeof item !== 'string') throw invalidValue([...path, index], 'expected a field name')
    return [item, [...path, index]]
  })
}
