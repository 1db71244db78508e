/**
 * Is this plugin's answer to a read the same as Strapi's? A deep comparison that knows the
 * deliberate differences of docs/decisions.md (Δ) and accepts them, naming each one it used, so
 * a team sees equality on its own data, and where not, the exact path that differs. Pure:
 * `--verify` feeds it a live Strapi's answers, the tests the recorded ones.
 */

export interface Answer {
  status: number
  body: unknown
}

export interface AnswerDifference {
  url: string
  /** Where in the body: `data[0].attributes.tags.data[1].id`. */
  path: string
  strapi: unknown
  ours: unknown
}

export interface AnswerComparison {
  differences: AnswerDifference[]
  /** The Δ differences met (each once per url), e.g. `Δ a list without sort is ordered by id`. */
  accepted: string[]
}

export const DELTAS = {
  order: 'Δ a list without sort is ordered by id (Strapi: physical order), so it is compared as a set',
  emptyMedia: 'Δ an empty multiple media is { data: [] } (Strapi: { data: null })',
  draft404: 'Δ GET /:id of a draft in live answers 404 (Strapi returns it)',
  draftRelations: 'Δ populated relations hide drafts in live (Strapi lists them)',
  creatorFields: 'Δ createdBy/updatedBy are { id, firstname, lastname }, nothing else of the admin (Strapi adds more fields)',
  creatorFieldsWhere: 'Δ createdBy/updatedBy appear exactly where a list handler attaches them, asked for by a handler (Strapi: with populateCreatorFields, unless populate leaves them out)',
  entryMeta: 'Δ top-level entries carry meta, one entry shape for every type (Strapi has none on non-localized types)',
  time: 'Δ a time is HH:mm:ss (Strapi keeps fractions of a second)',
  publishedAtAsUpdatedAt: 'Δ v5 publishedAt of a type without draft & publish answers its updatedAt (Strapi: the time its row was published), so an answer whose publishedAt is its updatedAt is not compared on it',
  draftRowIds: 'Δ v5 status=draft: a document whose draft equals its published version is one row here, so its draft answers that row\'s ids and its components\' (Strapi: the draft row\'s); drafts are compared without ids, lists by documentId'
} as const

/** Which of Strapi's formats the answers are in: v4 (`{ id, attributes }`) or v5 (flat entries, documentIds). */
export type AnswerFormat = 'v4' | 'v5'

const TIME_WITH_FRACTION = /^(\d\d:\d\d:\d\d)\.\d+$/
const TOP_LEVEL_META = /^data(\[\d+\])?\.meta$/

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function isObject (value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function entryId (value: unknown): unknown {
  return isObject(value) ? value.id : undefined
}

function publishedAt (value: unknown): unknown {
  return isObject(value) && isObject(value.attributes) ? value.attributes.publishedAt : undefined
}

class Comparison {
  readonly differences: AnswerDifference[] = []
  readonly accepted = new Set<string>()
  readonly #url: string
  readonly #preview: boolean
  /** A v5 draft read: row ids are not compared (DELTAS.draftRowIds). */
  readonly #withoutIds: boolean
  readonly #v5: boolean

  constructor (url: string, format: AnswerFormat) {
    this.#url = url
    this.#preview = /[?&]publicationState=preview(&|$)/.test(url)
    this.#withoutIds = format === 'v5' && isV5Draft(url)
    this.#v5 = format === 'v5'
  }

  differ (path: string, strapi: unknown, ours: unknown): void {
    this.differences.push({ url: this.#url, path, strapi, ours })
  }

  value (path: string, strapi: unknown, ours: unknown): void {
    if (Array.isArray(strapi) && Array.isArray(ours)) this.list(path, strapi, ours)
    else if (isObject(strapi) && isObject(ours)) this.object(path, strapi, ours)
    else if (typeof strapi === 'string' && typeof ours === 'string' && TIME_WITH_FRACTION.exec(strapi)?.[1] === ours) this.accepted.add(DELTAS.time)
    else if (strapi !== ours) this.differ(path, strapi, ours)
  }

  list (path: string, strapi: Json[], ours: Json[]): void {
    let theirs = strapi
    // Strapi lists drafts in populated relations; here `live` hides them at every depth.
    if (!this.#preview && path !== 'data' && path.endsWith('.data')) {
      const mine = new Set(ours.map(entryId))
      const shown = theirs.filter(item => publishedAt(item) !== null || mine.has(entryId(item)))
      if (shown.length !== theirs.length) this.accepted.add(DELTAS.draftRelations)
      theirs = shown
    }
    if (theirs.length !== ours.length) {
      this.differ(`${path}.length`, theirs.length, ours.length)
      return
    }
    theirs.forEach((item, index) => { this.value(`${path}[${index}]`, item, ours[index]) })
  }

  object (path: string, strapi: Record<string, Json>, ours: Record<string, Json>): void {
    if ('data' in strapi && strapi.data === null && Array.isArray(ours.data) && ours.data.length === 0 && Object.keys(strapi).length === 1) {
      this.accepted.add(DELTAS.emptyMedia)
      return
    }
    for (const key of new Set([...Object.keys(strapi), ...Object.keys(ours)])) {
      const where = path === '' ? key : `${path}.${key}`
      const creator = key === 'createdBy' || key === 'updatedBy'
      if (key === 'id' && this.#withoutIds) {
        if (strapi[key] !== ours[key]) this.accepted.add(DELTAS.draftRowIds)
      } else if (key === 'publishedAt' && this.#v5 && typeof strapi[key] === 'string' && ours[key] !== strapi[key] && ours[key] === ours.updatedAt) {
        this.accepted.add(DELTAS.publishedAtAsUpdatedAt)
      } else if (creator && key in ours && key in strapi) this.creator(where, strapi[key], ours[key])
      else if (creator) this.accepted.add(DELTAS.creatorFieldsWhere)
      else if (!(key in ours)) this.differ(where, strapi[key], undefined)
      else if (!(key in strapi) && TOP_LEVEL_META.test(where) && isObject(ours[key])) this.accepted.add(DELTAS.entryMeta)
      else if (!(key in strapi)) this.differ(where, undefined, ours[key])
      else this.value(where, strapi[key], ours[key])
    }
  }

  /** Spec 4.7's fields only: the ones this plugin answers must equal Strapi's. */
  creator (path: string, strapi: Json | undefined, ours: Json | undefined): void {
    const pick = (value: Json | undefined): unknown => {
      // Strapi wraps the admin user as a relation ({ data: { id, attributes } }); here it is flat (docs/decisions.md, 'Reads').
      const data = isObject(value) && 'data' in value ? value.data : value
      if (!isObject(data)) return data
      const attributes = isObject(data.attributes) ? data.attributes : data
      return { id: data.id, firstname: attributes.firstname, lastname: attributes.lastname }
    }
    const theirs = pick(strapi)
    const mine = pick(ours)
    if (JSON.stringify(theirs) !== JSON.stringify(mine)) this.differ(path, theirs, mine)
    else this.accepted.add(DELTAS.creatorFields)
  }
}

/** A v5 read of drafts: Strapi 5 reads `status=draft` (any value but `published` is a draft read). */
function isV5Draft (url: string): boolean {
  const status = /[?&]status=([^&]*)/.exec(url)?.[1]
  return status !== undefined && status !== 'published'
}

/** A list's entries in a stable order: by id, or for v5 drafts (ids aside) by documentId and locale. */
function sortedEntries (body: unknown, byDocument: boolean): unknown {
  if (!isObject(body) || !Array.isArray(body.data)) return body
  const key = (value: unknown): string => isObject(value) ? `${String(value.documentId)}\u0000${String(value.locale ?? '')}` : ''
  const data = byDocument
    ? [...body.data].sort((a, b) => key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)
    : [...body.data].sort((a, b) => Number(entryId(a)) - Number(entryId(b)))
  return { ...body, data }
}

export function compareAnswers (options: { url: string, strapi: Answer, ours: Answer, format?: AnswerFormat }): AnswerComparison {
  const { url, strapi, ours } = options
  const format = options.format ?? 'v4'
  const comparison = new Comparison(url, format)
  const preview = /[?&]publicationState=preview(&|$)/.test(url)
  if (strapi.status === 200 && ours.status === 404 && !preview && isObject(strapi.body) && publishedAt(strapi.body.data) === null) {
    comparison.accepted.add(DELTAS.draft404)
  } else if (strapi.status !== ours.status) {
    comparison.differ('status', strapi.status, ours.status)
  } else {
    let theirs = strapi.body
    let mine = ours.body
    if (!/[?&]sort(\[|=)/.test(url) && isObject(theirs) && Array.isArray(theirs.data)) {
      const byDocument = format === 'v5' && isV5Draft(url)
      theirs = sortedEntries(theirs, byDocument)
      mine = sortedEntries(mine, byDocument)
      comparison.accepted.add(DELTAS.order)
    }
    comparison.value('', theirs, mine)
  }
  return { differences: comparison.differences, accepted: [...comparison.accepted] }
}
