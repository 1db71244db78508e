/**
 * Writes may only link entries of content types the caller may read, or a link would show them what they may not read:
 * otherwise a 403 names the attribute. Components and zone items are walked too.
 */
import type { Ability } from '../auth/abilities.js'
import type { Model } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { ForbiddenError } from '../errors.js'
import { isRecord } from '../is-record.js'

function walk (registry: Registry, ability: Ability, model: Model, data: unknown, path: string[]): void {
  if (!isRecord(data)) return
  for (const [name, value] of Object.entries(data)) {
    const attribute = model.attributes.get(name)
    if (attribute === undefined || value === null || value === undefined) continue
    if (attribute.kind === 'relation' && !ability.can(attribute.target, 'find')) {
      throw new ForbiddenError(`Forbidden to link ${[...path, name].join('.')}: no find permission on ${attribute.target}`)
    }
    if (attribute.kind === 'component') {
      const component = registry.model(attribute.component)
      for (const item of Array.isArray(value) ? value : [value]) walk(registry, ability, component, item, [...path, name])
    }
    if (attribute.kind === 'dynamiczone' && Array.isArray(value)) {
      for (const item of value) {
        const uid = isRecord(item) ? item.__component : undefined
        if (typeof uid === 'string' && attribute.components.includes(uid)) walk(registry, ability, registry.model(uid), item, [...path, name])
      }
    }
  }
}

export function checkWritableLinks (registry: Registry, ability: Ability, model: Model, body: unknown): void {
  if (isRecord(body)) walk(registry, ability, model, body.data, [])
}
