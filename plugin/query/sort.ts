/**
 * `sort` (docs/querying.md, 'sort'): `name`, `name:desc`, `a,b:desc`, `sort[0]=a:asc`, `a.b:asc`, and
 * the object form `sort[author][name]=asc`. A path may cross to-one relations, single media
 * and single components only: a to-many step has no one value to order by.
 */
import { SCALAR_TYPE_INFO } from '../content-types/attributes.js'
import type { Model } from '../content-types/model.js'
import { isToMany } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { AttributePath, SortDirection, SortTerm } from './tree.js'
import { findAttribute, targetModel } from './fields.js'
import {
  invalidParameter, invalidValue, isRecord, keyStep, listItems, splitCommaList, type KeyPath
} from './parse.js'

interface Scope {
  registry: Registry
  model: Model
  terms: SortTerm[]
}

/** `sort` of a read of `model` (top level or inside a populate), in the order given. */
export function compileSort (registry: Registry, model: Model, raw: unknown, path: KeyPath): SortTerm[] {
  const scope: Scope = { registry, model, terms: [] }
  if (raw !== undefined) collectTerms(scope, raw, path)
  return scope.terms
}

function collectTerms (scope: Scope, raw: unknown, path: KeyPath): void {
  if (typeof raw === 'string') {
    for (const term of splitCommaList(raw, path)) scope.terms.push(textTerm(scope, term, path))
    return
  }
  const items = listItems(raw)
  if (items !== null) {
    for (const [index, item] of items) collectTerms(scope, item, [...path, index])
    return
  }
  if (!isRecord(raw) || Object.keys(raw).length === 0) {
    throw invalidValue(path, 'expected <field>:<asc|desc>, a list of them, or sort[<field>]=<asc|desc>')
  }
  for (const [key, value] of Object.entries(raw)) {
    const at = [...path, keyStep(key)]
    // qs mixes `sort[0]=a` and `sort[b]=desc` into one object: indices hold text terms.
    if (typeof keyStep(key) === 'number') collectTerms(scope, value, at)
    else objectTerms(scope, [key], value, at)
  }
}

/** `title`, `title:desc`, `author.name:ASC`. */
function textTerm (scope: Scope, term: string, path: KeyPath): SortTerm {
  const [name = '', direction, ...rest] = term.split(':').map(part => part.trim())
  if (rest.length > 0) throw invalidValue(path, `"${term}" is not <field>:<asc|desc>`)
  const names = name.split('.')
  if (names.some(step => step === '')) throw invalidValue(path, `"${term}" has an empty field name`)
  return { path: resolvePath(scope, names, path), direction: parseDirection(direction ?? 'asc', path) }
}

/** `sort[author][name]=asc`: keys are the path, the value its direction. */
function objectTerms (scope: Scope, names: string[], value: unknown, path: KeyPath): void {
  if (typeof value === 'string') {
    scope.terms.push({ path: resolvePath(scope, names, path), direction: parseDirection(value.trim(), path) })
    return
  }
  if (!isRecord(value) || listItems(value) !== null) throw invalidValue(path, 'expected asc or desc')
  const keys = Object.keys(value)
  if (keys.length === 0) throw invalidValue(path, 'expected asc or desc')
  for (const key of keys) objectTerms(scope, [...names, key], value[key], [...path, keyStep(key)])
}

function parseDirection (text: string, path: KeyPath): SortDirection {
  const direction = text.toLowerCase()
  if (direction !== 'asc' && direction !== 'desc') throw invalidValue(path, `sort direction must be asc or desc, got "${text}"`)
  return direction
}

function resolvePath (scope: Scope, names: string[], path: KeyPath): AttributePath {
  let model = scope.model
  names.forEach((name, index) => {
    const attribute = findAttribute(model, name, path)
    const last = index === names.length - 1
    if (attribute.kind === 'scalar') {
      if (!last) throw invalidParameter(path, name, 'a scalar attribute has no attributes to sort by')
      if (!SCALAR_TYPE_INFO[attribute.type].sortable) throw invalidParameter(path, name, `${attribute.type} attributes cannot be sorted`)
      return
    }
    if (last) throw invalidParameter(path, name, 'sort by one of its attributes, e.g. sort=<relation>.<field>')
    if (attribute.kind === 'dynamiczone') throw invalidParameter(path, name, 'dynamic zones cannot be sorted by')
    const many = attribute.kind === 'component' ? attribute.repeatable : isToMany(attribute)
    if (many) throw invalidParameter(path, name, 'cannot sort by an attribute of a to-many relation, multiple media or repeatable component')
    model = targetModel(scope.registry, attribute)
  })
  return [...names]
}
