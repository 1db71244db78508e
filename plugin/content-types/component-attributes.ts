/** Component and dynamic-zone attributes: the components they name must exist and must not include each other in a cycle. */
import { SchemaError } from '../errors.js'
import type { ComponentAttributeSchema, DynamicZoneAttributeSchema } from './definition.js'
import { ownLink } from './link-tables.js'
import type { Attribute, LinkSide, Model } from './model.js'
import type { RegistryDraft } from './registry-draft.js'
import { withBounds } from './registry-rules.js'

/** What every kind of attribute takes from its declaration. */
export interface CommonAttribute { name: string, required: boolean, private: boolean, system: false }

export interface ComponentAttributeOptions<Declared> {
  model: Model
  common: CommonAttribute
  declared: Declared
}

export function componentAttribute (draft: RegistryDraft, { model, common, declared }: ComponentAttributeOptions<ComponentAttributeSchema>): Attribute {
  requireComponent(draft, model.source, common.name, declared.component)
  const attribute = {
    ...common,
    kind: 'component' as const,
    component: declared.component,
    repeatable: declared.repeatable === true,
    link: ownLink(draft, { model, name: common.name, target: declared.component, unique: { uniqueOwner: declared.repeatable !== true, uniqueTarget: true } })
  }
  return withBounds(attribute, declared)
}

export function dynamicZoneAttribute (draft: RegistryDraft, { model, common, declared }: ComponentAttributeOptions<DynamicZoneAttributeSchema>): Attribute {
  const links: Record<string, LinkSide> = {}
  for (const uid of declared.components) {
    requireComponent(draft, model.source, common.name, uid)
    links[uid] = ownLink(draft, { model, name: common.name, target: uid, unique: { uniqueOwner: false, uniqueTarget: true }, zoneComponent: uid })
  }
  return withBounds({ ...common, kind: 'dynamiczone' as const, components: [...declared.components], links }, declared)
}

function requireComponent (draft: RegistryDraft, source: string, name: string, uid: string): void {
  if (!draft.components.has(uid)) throw new SchemaError(source, `attribute "${name}"`, `unknown component "${uid}"`)
}

export function checkComponentCycles (draft: RegistryDraft): void {
  const visiting = new Set<string>()
  const done = new Set<string>()
  const visit = (uid: string, trail: string[]): void => {
    if (done.has(uid)) return
    const model = draft.components.get(uid)!
    if (visiting.has(uid)) throw new SchemaError(model.source, null, `components include each other in a cycle: ${[...trail, uid].join(' → ')}`)
    visiting.add(uid)
    for (const attribute of model.attributes.values()) {
      const nested = attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : []
      for (const child of nested) visit(child, [...trail, uid])
    }
    visiting.delete(uid)
    done.add(uid)
  }
  for (const uid of draft.components.keys()) visit(uid, [])
}
