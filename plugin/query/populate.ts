/**
 * `populate` (docs/querying.md, 'populate'): every form — `*`, lists, comma strings, dotted paths,
 * `populate[a]=true|false`, nested objects with fields/populate/filters/sort/count, and
 * both dynamic-zone strategies — is first merged into one request per model, then checked
 * against the model and compiled into Populate nodes.
 */
import { parseBoolean } from '../content-types/coerce.js'
import type {
  ComponentAttribute, DynamicZoneAttribute, MediaAttribute, Model, PopulatableAttribute, RelationAttribute
} from '../content-types/model.js'
import { defaultFieldNames } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import type { DynamicZonePopulate, Populate, Selection, ZoneComponentSelection } from './tree.js'
import { CREATOR_FIELDS, compileFields, isPrivate, targetModel } from './fields.js'
import { compileFilters } from './filters.js'
import {
  invalidParameter, invalidValue, isRecord, keyStep, listItems, splitCommaList, type KeyPath
} from './parse.js'
import { compileSort } from './sort.js'
import { ignoreOrThrow, QUIET_LENIENCY, type Leniency } from './leniency.js'

/** What every step of one populate compile shares. */
interface Context {
  registry: Registry
  leniency: Leniency
}

/** What the client asked to populate on one model, merged from every form. */
interface PopulateRequest {
  all: boolean
  named: Map<string, NamedRequest>
}

interface NamedRequest {
  /** Where the name was first given, for errors. */
  path: KeyPath
  /** False when only `populate[name]=false` named it: checked, not populated. */
  wanted: boolean
  /** The object form `populate[name][...]`, and where it sits. */
  options: Record<string, unknown> | null
  optionsPath: KeyPath
  /** What dotted paths (`name.sub`) ask for inside it. */
  nested: PopulateRequest
}

const RELATION_OPTIONS = new Set(['fields', 'populate', 'filters', 'sort', 'count'])
// Strapi applies `filters` inside a component's populate too: only matching items appear.
const COMPONENT_OPTIONS = new Set(['fields', 'populate', 'filters'])
const ZONE_OPTIONS = new Set(['populate', 'on'])
const ZONE_COMPONENT_OPTIONS = new Set(['fields', 'populate', 'filters', 'sort'])

const SCALAR_POPULATE = 'only relations, media, components and dynamic zones can be populated'
const PAGINATION_IN_POPULATE = 'populate cannot be combined with pagination'
const WHY_NOT_ALLOWED: ReadonlyMap<string, string> = new Map([
  ['pagination', PAGINATION_IN_POPULATE],
  ['page', PAGINATION_IN_POPULATE],
  ['pageSize', PAGINATION_IN_POPULATE],
  ['start', PAGINATION_IN_POPULATE],
  ['limit', PAGINATION_IN_POPULATE],
  ['count', 'count applies to relations and media only'],
  ['filters', 'filters inside populate apply to relations, media and components only'],
  ['sort', 'sort inside populate applies to relations and media only'],
  ['on', 'on applies to dynamic zones only'],
  ['fields', 'select the fields of zone components with on[<component>][fields]']
])

/**
 * `populate` of a read of `model`; absent: nothing populated. Unknown, private and scalar
 * names are left out (and reported) unless `leniency.strict` asks for the 400.
 */
export function compilePopulate (
  registry: Registry, model: Model, raw: unknown, path: KeyPath, leniency: Leniency = QUIET_LENIENCY
): Record<string, Populate> {
  const context: Context = { registry, leniency }
  return populateOf(context, model, readRequest(context, raw, path, emptyRequest()))
}

function emptyRequest (): PopulateRequest {
  return { all: false, named: new Map() }
}

function readRequest (context: Context, raw: unknown, path: KeyPath, into: PopulateRequest): PopulateRequest {
  if (raw === undefined) return into
  if (typeof raw === 'string') {
    // Strapi skips empty names (`populate=`, `populate=a,,b`, what `list.join(',')` makes of
    // an empty list); strict mode names them.
    const names = context.leniency.strict ? splitCommaList(raw, path) : raw.split(',').map(name => name.trim()).filter(name => name !== '')
    for (const item of names) addDottedPath(into, item, path)
    return into
  }
  const items = listItems(raw)
  if (items !== null) {
    for (const [index, item] of items) readRequest(context, item, [...path, index], into)
    return into
  }
  if (!isRecord(raw) || Object.keys(raw).length === 0) {
    throw invalidValue(path, 'expected *, a list of attributes or populate[<attribute>]=...')
  }
  for (const [key, value] of Object.entries(raw)) {
    const at = [...path, keyStep(key)]
    // qs mixes `populate[0]=a` and `populate[b]=true` into one object: indices hold list items.
    if (typeof keyStep(key) === 'number') readRequest(context, value, at, into)
    else addNamed(context, into, key, value, at)
  }
  return into
}

/** `*`, `name`, `name.sub.*`: each step is populated. */
function addDottedPath (into: PopulateRequest, text: string, path: KeyPath): void {
  const steps = text.split('.')
  if (steps.some(step => step === '')) throw invalidValue(path, `"${text}" has an empty attribute name`)
  let request = into
  for (const [index, step] of steps.entries()) {
    if (step === '*') {
      if (index < steps.length - 1) throw invalidValue(path, `"${text}": * can only end a path`)
      request.all = true
      return
    }
    const entry = namedEntry(request, step, path)
    entry.wanted = true
    request = entry.nested
  }
}

/** `populate[name]=true|t|1|*`, `=false|f|0`, or `populate[name][...]`. */
function addNamed (context: Context, into: PopulateRequest, name: string, value: unknown, path: KeyPath): void {
  const entry = namedEntry(into, name, path)
  if (isRecord(value) && listItems(value) === null) {
    if (entry.options !== null) throw invalidValue(path, 'given twice')
    entry.options = value
    entry.optionsPath = path
    entry.wanted = true
    return
  }
  if (populateFlag(context, value, path)) entry.wanted = true
}

/**
 * `true|t|1|*` and `false|f|0`. Strapi reads any other string as true (front ends send
 * `populate[seo]=metaSocial`) and an empty one as false; strict mode wants a boolean.
 */
function populateFlag (context: Context, value: unknown, path: KeyPath): boolean {
  const flag = value === '*' ? true : parseBoolean(value)
  if (flag !== undefined) return flag
  if (typeof value !== 'string' || context.leniency.strict) {
    throw invalidValue(path, 'expected true, false or an object of populate options')
  }
  return value !== ''
}

/** A request is read into, so each compile of a shared one (zone components) gets its own copy. */
function copyRequest (request: PopulateRequest): PopulateRequest {
  return {
    all: request.all,
    named: new Map([...request.named].map(([name, entry]) => [name, { ...entry, nested: copyRequest(entry.nested) }]))
  }
}

function namedEntry (into: PopulateRequest, name: string, path: KeyPath): NamedRequest {
  let entry = into.named.get(name)
  if (entry === undefined) {
    entry = { path, wanted: false, options: null, optionsPath: path, nested: emptyRequest() }
    into.named.set(name, entry)
  }
  return entry
}

function populateOf (context: Context, model: Model, request: PopulateRequest): Record<string, Populate> {
  const chosen = new Map<string, Populate>()
  if (request.all) {
    for (const attribute of model.attributes.values()) {
      if (attribute.kind !== 'scalar' && !isPrivate(attribute)) chosen.set(attribute.name, attributePopulate(context, attribute, null))
    }
  }
  for (const [name, entry] of request.named) {
    // Creator fields are shown by their own feature (docs/access-control.md, 'Admin users and creator fields'), never through populate.
    if (CREATOR_FIELDS.has(name)) continue
    const attribute = model.attributes.get(name)
    // Unknown and private names get the same answer, so a client cannot probe for private ones.
    if (attribute === undefined || isPrivate(attribute)) {
      ignoreOrThrow(context.leniency, { model: model.uid, name, path: entry.path })
      continue
    }
    if (attribute.kind === 'scalar') {
      ignoreOrThrow(context.leniency, { model: model.uid, name, path: entry.path, reason: SCALAR_POPULATE })
      continue
    }
    if (entry.wanted) chosen.set(name, attributePopulate(context, attribute, entry))
  }
  const populate: Record<string, Populate> = {}
  for (const name of model.attributes.keys()) {
    const node = chosen.get(name)
    if (node !== undefined) populate[name] = node
  }
  return populate
}

/** The populate node of one attribute; `entry` null is the default (`*`, `=true`). */
function attributePopulate (context: Context, attribute: PopulatableAttribute, entry: NamedRequest | null): Populate {
  const options = entry?.options ?? {}
  const path = entry?.optionsPath ?? []
  const nested = entry?.nested ?? emptyRequest()
  switch (attribute.kind) {
    case 'relation': case 'media':
      return relationPopulate(context, attribute, options, path, nested)
    case 'component':
      return componentPopulate(context, attribute, options, path, nested)
    case 'dynamiczone':
      return zonePopulate(context, attribute, options, path, nested)
  }
}

function relationPopulate (
  context: Context, attribute: RelationAttribute | MediaAttribute, options: Record<string, unknown>, path: KeyPath, nested: PopulateRequest
): Populate {
  const { registry } = context
  const target = targetModel(registry, attribute)
  checkOptions(context, target, options, path, RELATION_OPTIONS)
  return {
    kind: 'relation',
    ...selection(context, target, options, path, nested),
    filters: compileFilters(registry, target, options.filters, [...path, 'filters']),
    sort: compileSort(registry, target, options.sort, [...path, 'sort']),
    count: readCount(options.count, [...path, 'count'])
  }
}

function componentPopulate (
  context: Context, attribute: ComponentAttribute, options: Record<string, unknown>, path: KeyPath, nested: PopulateRequest
): Populate {
  const target = targetModel(context.registry, attribute)
  checkOptions(context, target, options, path, COMPONENT_OPTIONS)
  return {
    kind: 'component',
    ...selection(context, target, options, path, nested),
    filters: compileFilters(context.registry, target, options.filters, [...path, 'filters'])
  }
}

/** `fields` and nested `populate` of one model; dotted-path requests merge into the nested ones. */
function selection (
  context: Context, model: Model, options: Record<string, unknown>, path: KeyPath, nested: PopulateRequest
): Selection {
  return {
    fields: compileFields(model, options.fields, [...path, 'fields']),
    populate: populateOf(context, model, readRequest(context, options.populate, [...path, 'populate'], copyRequest(nested)))
  }
}

/**
 * Both zone strategies produce one selection per component returned: the shared strategy
 * lists every allowed component (the same request checked against each), the detailed
 * one only those named under `on`.
 */
function zonePopulate (
  context: Context, attribute: DynamicZoneAttribute, options: Record<string, unknown>, path: KeyPath, nested: PopulateRequest
): DynamicZonePopulate {
  const { registry } = context
  checkOptions(context, null, options, path, ZONE_OPTIONS)
  if (options.on !== undefined) {
    if (options.populate !== undefined || nested.all || nested.named.size > 0) {
      throw invalidValue([...path, 'on'], 'use either populate (every component) or on (per component), not both')
    }
    return { kind: 'dynamiczone', components: detailedZone(context, attribute, options.on, [...path, 'on']) }
  }
  const request = readRequest(context, options.populate, [...path, 'populate'], copyRequest(nested))
  const components = attribute.components.map(uid => registry.model(uid))
  for (const [name, entry] of [...request.named]) {
    const known = CREATOR_FIELDS.has(name) || components.some(component => component.attributes.has(name))
    if (known) continue
    // Named by no component of the zone: reported once here, not once per component.
    ignoreOrThrow(context.leniency, { model: attribute.components.join('|'), name, path: entry.path })
    request.named.delete(name)
  }
  const on: Record<string, Selection> = {}
  for (const component of components) {
    const own: PopulateRequest = {
      all: request.all,
      named: new Map([...request.named].filter(([name]) => component.attributes.has(name)))
    }
    on[component.uid] = { fields: defaultFieldNames(component), populate: populateOf(context, component, own) }
  }
  return { kind: 'dynamiczone', components: on }
}

/** `on[<category>.<component>]=true` or `on[<category>.<component>][fields|populate]`. */
function detailedZone (context: Context, attribute: DynamicZoneAttribute, raw: unknown, path: KeyPath): Record<string, ZoneComponentSelection> {
  const { registry } = context
  if (!isRecord(raw) || listItems(raw) !== null || Object.keys(raw).length === 0) {
    throw invalidValue(path, 'expected on[<category>.<component>][...]')
  }
  const chosen = new Map<string, ZoneComponentSelection>()
  for (const [uid, value] of Object.entries(raw)) {
    const at = [...path, uid]
    if (!attribute.components.includes(uid)) {
      ignoreOrThrow(context.leniency, { model: attribute.components.join('|'), name: uid, path: at, reason: `not a component of the dynamic zone ${attribute.name}` })
      continue
    }
    const component = registry.model(uid)
    if (isRecord(value) && listItems(value) === null) {
      checkOptions(context, component, value, at, ZONE_COMPONENT_OPTIONS)
      const picked: ZoneComponentSelection = selection(context, component, value, at, emptyRequest())
      const filters = compileFilters(registry, component, value.filters, [...at, 'filters'])
      const sort = compileSort(registry, component, value.sort, [...at, 'sort'])
      if (filters !== null) picked.filters = filters
      if (sort.length > 0) picked.sort = sort
      chosen.set(uid, picked)
      continue
    }
    if (populateFlag(context, value, at)) chosen.set(uid, { fields: defaultFieldNames(component), populate: {} })
  }
  const on: Record<string, ZoneComponentSelection> = {}
  for (const uid of attribute.components) {
    const picked = chosen.get(uid)
    if (picked !== undefined) on[uid] = picked
  }
  return on
}

/**
 * Options misplaced on purpose (pagination, `on` outside a zone, ...) are a 400 in every
 * mode; options no populate knows are ignored as Strapi ignores them, unless strict.
 * `model` null: a zone, whose options are looked up on no single model.
 */
function checkOptions (context: Context, model: Model | null, options: Record<string, unknown>, path: KeyPath, allowed: ReadonlySet<string>): void {
  for (const key of Object.keys(options)) {
    if (allowed.has(key)) continue
    const at = [...path, keyStep(key)]
    const why = WHY_NOT_ALLOWED.get(key)
    if (why !== undefined) throw invalidParameter(at, key, why)
    ignoreOrThrow(context.leniency, { model: model?.uid ?? 'dynamiczone', name: key, path: at, reason: 'unknown populate option' })
  }
}

function readCount (raw: unknown, path: KeyPath): boolean {
  if (raw === undefined) return false
  const flag = parseBoolean(raw)
  if (flag === undefined) throw invalidValue(path, 'must be true or false')
  return flag
}
