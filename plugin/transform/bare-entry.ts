/**
 * Strapi v4's entity shape, which its i18n plugin answers to `POST /:id/localizations` (no
 * envelope, no `attributes`): `{ id, ...attributes }`, relations and media as the related
 * entity (or an array of them) rather than `{ data }`, components as they are. Made from an
 * entry the read path rendered, guided by the model, so a JSON attribute that happens to hold
 * a `data` key is left alone.
 */
import type { Model } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'

type Json = unknown
type JsonObject = Record<string, Json>

/** The model an entry or component is read as, and the registry its relations' targets come from. */
interface Shape {
  registry: Registry
  model: Model
}

function isObject (value: Json): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** An `{ id, attributes }` entry as the entity `{ id, ...attributes }`. */
function entity (shape: Shape, entry: Json): Json {
  if (!isObject(entry)) return entry
  return { id: entry.id, ...fields(shape, isObject(entry.attributes) ? entry.attributes : {}) }
}

function fields (shape: Shape, values: JsonObject): JsonObject {
  const out: JsonObject = {}
  for (const [name, value] of Object.entries(values)) out[name] = field(shape, name, value)
  return out
}

function field ({ registry, model }: Shape, name: string, value: Json): Json {
  const attribute = model.attributes.get(name)
  if (attribute === undefined || attribute.kind === 'scalar' || value === null) return value
  if (attribute.kind === 'relation' || attribute.kind === 'media') {
    const data = isObject(value) ? value.data : value
    const target = { registry, model: registry.model(attribute.target) }
    return Array.isArray(data) ? data.map(item => entity(target, item)) : entity(target, data ?? null)
  }
  const item = (component: Json, uid: string | undefined): Json =>
    isObject(component) && uid !== undefined ? fields({ registry, model: registry.model(uid) }, component) : component
  if (attribute.kind === 'component') {
    return Array.isArray(value) ? value.map(component => item(component, attribute.component)) : item(value, attribute.component)
  }
  return Array.isArray(value) ? value.map(component => item(component, isObject(component) ? String(component.__component) : undefined)) : value
}

/** The bare entity of a top-level entry rendered by the read path (its `meta` dropped). */
export function bareEntryBody (registry: Registry, model: Model, entryJson: string): string {
  return JSON.stringify(entity({ registry, model }, JSON.parse(entryJson) as Json))
}
