/**
 * The one place a caller's permissions shape a read (docs/access-control.md, 'Roles and actions'): populated
 * relations to content types the caller may not `find` are removed at any depth —
 * silently — and filters or sorts that reach through them are a 400. Media is not gated.
 * Every handler, generated or custom, reads through this.
 */
import type { Ability } from '../auth/abilities.js'
import type { Model } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { ValidationError } from '../errors.js'
import { populatedAttribute } from '../query/tree.js'
import type { Filter, Populate, Selection, SortTerm } from '../query/tree.js'

export interface AccessScope {
  registry: Registry
  ability: Ability
}

/** The model a relation/component step leads to, or null for a scalar step. */
function stepTarget (scope: AccessScope, model: Model, name: string): Model | null {
  const attribute = model.attributes.get(name)
  if (attribute === undefined || attribute.kind === 'scalar' || attribute.kind === 'dynamiczone') return null
  if (attribute.kind === 'relation') return scope.registry.model(attribute.target)
  if (attribute.kind === 'media') return scope.registry.file
  return scope.registry.model(attribute.component)
}

/** Content types and plugin types (users, roles, admin users) need `find`, as in Strapi; components and media do not. */
function readable (scope: AccessScope, model: Model): boolean {
  return (model.kind !== 'contentType' && model.kind !== 'plugin') || scope.ability.can(model.uid, 'find')
}

function checkPath (scope: AccessScope, model: Model, path: string[], key: string): void {
  let current = model
  for (const name of path) {
    const next = stepTarget(scope, current, name)
    if (next === null) return
    if (!readable(scope, next)) throw ValidationError.at([key, ...path], `Invalid parameter ${name}`)
    current = next
  }
}

function checkFilter (scope: AccessScope, model: Model, filter: Filter | null): void {
  if (filter === null) return
  switch (filter.kind) {
    case 'and':
    case 'or':
      for (const inner of filter.filters) checkFilter(scope, model, inner)
      return
    case 'not':
      checkFilter(scope, model, filter.filter)
      return
    case 'compare':
      checkPath(scope, model, filter.path, 'filters')
  }
}

function checkSort (scope: AccessScope, model: Model, sort: SortTerm[]): void {
  for (const term of sort) checkPath(scope, model, term.path, 'sort')
}

function prunePopulate (scope: AccessScope, model: Model, populate: Record<string, Populate>): Record<string, Populate> {
  const kept: Record<string, Populate> = {}
  for (const [key, node] of Object.entries(populate)) {
    const name = populatedAttribute(key, node)
    const attribute = model.attributes.get(name)
    if (attribute === undefined) continue
    if (node.kind === 'dynamiczone') {
      const components: Record<string, Selection> = {}
      for (const [uid, selection] of Object.entries(node.components)) {
        components[uid] = pruneSelection(scope, scope.registry.model(uid), selection)
      }
      kept[key] = { ...node, components }
      continue
    }
    const target = stepTarget(scope, model, name)
    if (target === null || !readable(scope, target)) continue
    if (node.kind === 'relation') {
      checkFilter(scope, target, node.filters)
      checkSort(scope, target, node.sort)
    }
    // A component's filters and sort may reach through its relations too.
    if (node.kind === 'component') {
      checkFilter(scope, target, node.filters)
      checkSort(scope, target, node.sort ?? [])
    }
    kept[key] = { ...node, populate: prunePopulate(scope, target, node.populate) }
  }
  return kept
}

export function pruneSelection<S extends Selection> (scope: AccessScope, model: Model, selection: S): S {
  return { ...selection, populate: prunePopulate(scope, model, selection.populate) }
}

/** A list read: its own filters and sort are checked, its populate pruned. */
export function pruneListQuery<S extends Selection & { filters: Filter | null, sort: SortTerm[] }> (scope: AccessScope, model: Model, query: S): S {
  checkFilter(scope, model, query.filters)
  checkSort(scope, model, query.sort)
  return pruneSelection(scope, model, query)
}
