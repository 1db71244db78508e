/**
 * The populate budget: how much one read may ask PostgreSQL to build, measured on the
 * finished QueryTree before any SQL is made. Every populated branch is a correlated
 * subquery run once per row of its parent, so the cost of a read grows with the depth of
 * its populate, the number of its branches and, above all, with to-many populates nested
 * in each other (each multiplies the rows below it). A query over any limit is refused up
 * front with a 400 naming the limit and the option that sets it; nothing is cut silently.
 */
import type { Model, PopulatableAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { ValidationError } from '../errors.js'
import { targetModel } from './fields.js'
import { populatedAttribute } from './tree.js'
import type { Pagination, Populate, Selection } from './tree.js'

export interface PopulateLimits {
  /** Populated levels nested in each other (a zone's items count with their zone). */
  populateDepth?: number
  /** Populated attributes in one read, at every depth (each component of a zone counts). */
  populateBranches?: number
  /** Rows the read may build by estimate: entries asked × the fan-out of every to-many level. */
  populateRows?: number
}

export type ResolvedPopulateLimits = Required<PopulateLimits>

/**
 * Defaults sized on real Strapi front ends: a page builder populates 5–6 levels (page →
 * zone → repeatable cards → link component → linked page → its media) with dozens of
 * branches (≈ 310,000 estimated rows read by slug through a list of 25), and a list page
 * asks `populate=*` plus a few nested relations. What they refuse: 20 levels of `a.b.a.b`,
 * thousands of branches through nested `*`, three to-many relations nested in each other
 * on a page of more than one entry (`/tags?populate=articles.tags.articles` builds every
 * article's tags' articles, for each tag: tens of seconds and hundreds of MB).
 */
export const DEFAULT_POPULATE_LIMITS: ResolvedPopulateLimits = {
  populateDepth: 10,
  populateBranches: 200,
  populateRows: 2_000_000
}

/**
 * Without statistics the tree cannot know how many entries a to-many populate holds, so it
 * assumes: a to-many relation reaches into another collection, which may be large (a
 * tag's articles, a category's products), and counts as 100; what the entry holds itself
 * (multiple media, repeatable components, zone items), written by its editors, counts as
 * 10. Nested to-many relations are what the row limit stops first.
 */
export const ASSUMED_RELATED_ROWS = 100
export const ASSUMED_HELD_ROWS = 10

const OPTION_KEYS = Object.keys(DEFAULT_POPULATE_LIMITS) as Array<keyof PopulateLimits>

/** The `limits` option checked once at register time; the problem names the key. */
export function resolvePopulateLimits (raw: unknown): { ok: true, value: ResolvedPopulateLimits } | { ok: false, problem: string } {
  if (raw === undefined) return { ok: true, value: { ...DEFAULT_POPULATE_LIMITS } }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, problem: 'limits must be an object' }
  const given = raw as Record<string, unknown>
  for (const key of Object.keys(given)) {
    if (!OPTION_KEYS.includes(key as keyof PopulateLimits)) {
      return { ok: false, problem: `limits.${key} is not an option (known: ${OPTION_KEYS.join(', ')})` }
    }
  }
  const value = { ...DEFAULT_POPULATE_LIMITS }
  for (const key of OPTION_KEYS) {
    const limit = given[key]
    if (limit === undefined) continue
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
      return { ok: false, problem: `limits.${key} must be a positive integer, got ${JSON.stringify(limit)}` }
    }
    value[key] = limit
  }
  return { ok: true, value }
}

/** What a read asks for, measured. */
export interface PopulateMeasure {
  depth: number
  /** The attribute names down to the deepest branch, zone components as `on.<uid>`. */
  deepestPath: string[]
  branches: number
  /** Entries asked at the top level (the page size; 1 for a single entry). */
  entries: number
  rows: number
}

/** A read of `model`: a list (its page size counts) or a single entry (one). */
export interface BudgetedRead {
  registry: Registry
  model: Model
  query: Selection & { pagination?: Pagination }
}

export function measurePopulate ({ registry, model, query }: BudgetedRead): PopulateMeasure {
  const entries = query.pagination === undefined
    ? 1
    : query.pagination.mode === 'page' ? query.pagination.pageSize : query.pagination.limit
  const measure: PopulateMeasure = { depth: 0, deepestPath: [], branches: 0, entries, rows: entries }
  // Iterative on purpose: the tree is as deep as the query string allows.
  const pending: Level[] = [{ model, selection: query, depth: 0, path: [], rows: entries }]
  for (let level = pending.pop(); level !== undefined; level = pending.pop()) {
    for (const [name, populate] of Object.entries(level.selection.populate)) {
      const attribute = level.model.attributes.get(populatedAttribute(name, populate))
      // The read compiler skips what the model does not have; so does the budget.
      if (attribute === undefined || attribute.kind === 'scalar') continue
      const here = { depth: level.depth + 1, path: [...level.path, name], rows: level.rows * fanOut(attribute, populate) }
      count(measure, here)
      for (const child of beneath(registry, attribute, populate, here)) {
        // Each component of a zone is a subquery of its own, at its zone's level; its rows
        // are a share of the zone's items, counted with the zone.
        if (child.path.length > here.path.length) measure.branches += 1
        pending.push(child)
      }
    }
  }
  return measure
}

/** One selection to measure: the rows of its model read once per parent row. */
interface Level {
  model: Model
  selection: Selection
  depth: number
  path: string[]
  rows: number
}

function count (measure: PopulateMeasure, branch: { depth: number, path: string[], rows: number }): void {
  measure.branches += 1
  measure.rows += branch.rows
  if (branch.depth > measure.depth) {
    measure.depth = branch.depth
    measure.deepestPath = branch.path
  }
}

/** The selections read for each row of a populated attribute; a zone has one per component. */
function beneath (registry: Registry, attribute: PopulatableAttribute, populate: Populate, here: Omit<Level, 'model' | 'selection'>): Level[] {
  if (populate.kind === 'dynamiczone') {
    // The zone's items are shared among its components, not each component's own.
    const selections = Object.entries(populate.components)
    const rows = here.rows / Math.max(1, selections.length)
    return selections.map(([uid, selection]) => ({ ...here, rows, path: [...here.path, `on.${uid}`], model: registry.model(uid), selection }))
  }
  // A count answers one number per parent row: nothing beneath it is read.
  if (attribute.kind === 'dynamiczone' || (populate.kind === 'relation' && populate.count)) return []
  return [{ ...here, model: targetModel(registry, attribute), selection: populate }]
}

/** How many rows one parent row yields: a window of items (GraphQL's nested pagination) bounds the assumption. */
function fanOut (attribute: PopulatableAttribute, populate: Populate): number {
  if (populate.kind === 'relation' && populate.count) return 1
  const window = populate.kind === 'dynamiczone' ? undefined : populate.window
  const bounded = (assumed: number): number => window === undefined ? assumed : Math.min(assumed, window.limit)
  switch (attribute.kind) {
    case 'relation': return attribute.toMany ? bounded(ASSUMED_RELATED_ROWS) : 1
    case 'media': return attribute.multiple ? bounded(ASSUMED_HELD_ROWS) : 1
    case 'component': return attribute.repeatable ? bounded(ASSUMED_HELD_ROWS) : 1
    case 'dynamiczone': return ASSUMED_HELD_ROWS
  }
}

/**
 * Refuses a read over a limit: a 400 naming the limit and the option that raises it.
 * Returns the rows the read may build, estimated (what schedules heavy reads).
 */
export function checkPopulateBudget (read: BudgetedRead, limits: ResolvedPopulateLimits): number {
  if (Object.keys(read.query.populate).length === 0) return 0
  const measure = measurePopulate(read)
  checkMeasure(measure, limits)
  return measure.rows
}

/** What the refusal names, for a read measured as a whole that is not one query string's populate (a GraphQL operation). */
export interface MeasuredSubject {
  /** How the message names what was measured: `populate`, `the operation`. */
  name: string
  /** Where the problem sits, for the error's details. */
  path: string[]
}

const POPULATE: MeasuredSubject = { name: 'populate', path: ['populate'] }

/** Refuses a measure over a limit, with a 400 that names the limit and the option that raises it. */
export function checkMeasure (measure: PopulateMeasure, limits: ResolvedPopulateLimits, subject: MeasuredSubject = POPULATE): void {
  const refused = (message: string): ValidationError => ValidationError.at(subject.path, message)
  if (measure.depth > limits.populateDepth) {
    throw refused(`${subject.name} is ${measure.depth} levels deep (${measure.deepestPath.join('.')}); ` +
      `at most ${limits.populateDepth} levels are allowed (option limits.populateDepth)`)
  }
  if (measure.branches > limits.populateBranches) {
    throw refused(`${subject.name} asks for ${measure.branches} populated attributes; ` +
      `at most ${limits.populateBranches} are allowed (option limits.populateBranches)`)
  }
  if (measure.rows > limits.populateRows) {
    throw refused(`${subject.name} may build about ${Math.round(measure.rows)} rows (${measure.entries} entries; each to-many relation ` +
      `counted as ${ASSUMED_RELATED_ROWS} entries, each multiple media, repeatable component or zone as ${ASSUMED_HELD_ROWS}); ` +
      `at most ${limits.populateRows} are allowed (option limits.populateRows): ask for a smaller page or fewer nested to-many populates`)
  }
}
