/**
 * Replays the scenario Strapi 5.54.0 answered (test/fixtures/strapi-v5-project, README.md)
 * against the plugin's v5 API and puts both answers in the same words: what changes from run
 * to run normalised as the fixture's README says (timestamps, documentIds by order of first
 * appearance, upload hashes, the jwt), and, apart, the row ids (docs/decisions.md, 'Strapi
 * v5': one row per locale of a document here, a new published row at every publication there).
 */
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { multipartBody } from '../upload/upload-helpers.js'
import { resolve } from '../../fixtures/strapi-v5-project/placeholders.mjs'

export const V5_PROJECT = new URL('../../fixtures/strapi-v5-project/', import.meta.url).pathname

type Json = any

export interface RecordedStep {
  section: string
  name?: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  headers?: Record<string, string>
  body?: Json
  status: number
  answer: Json
}

export interface Recording {
  uploads: Array<{ name: string, file: string, answer: Json }>
  steps: RecordedStep[]
}

export function recording (): Recording {
  return JSON.parse(readFileSync(`${V5_PROJECT}strapi-answers.json`, 'utf8')) as Recording
}

// ── the replay ────────────────────────────────────────────────────────────────
export interface ReplayedStep {
  index: number
  step: RecordedStep
  status: number
  answer: Json
  /** SQL statements the step sent, when the replay was given a way to count them. */
  statements?: number
}

/** The app's statement log, to count what each step sends (test/helpers/app.ts). */
export interface StatementCounter {
  reset: () => void
  count: () => number
}

export interface Replayed {
  /** The answers of the two uploads. */
  uploads: Json[]
  steps: ReplayedStep[]
}

/** Uploads the two images, then sends every step in order; named answers feed later placeholders. */
export async function replay (app: FastifyInstance, recorded: Recording, statements?: StatementCounter): Promise<Replayed> {
  const named: Record<string, Json> = {}
  const uploads: Json[] = []
  for (const upload of recorded.uploads) {
    const bytes = readFileSync(`${V5_PROJECT}${upload.file}`)
    const filename = upload.file.split('/').at(-1)!
    const response = await app.inject({ method: 'POST', url: '/api/upload', ...await multipartBody([{ filename, bytes, type: 'image/png' }]) })
    if (response.statusCode >= 300) throw new Error(`uploading ${upload.file}: ${response.statusCode} ${response.body}`)
    named[upload.name] = response.json()
    uploads.push(named[upload.name])
  }
  const replayed: ReplayedStep[] = []
  for (const [index, step] of recorded.steps.entries()) {
    let sent: { url: string, headers: Record<string, string>, body: Json }
    try {
      sent = { url: resolve(step.url, named), headers: step.headers === undefined ? {} : resolve(step.headers, named), body: step.body === undefined ? undefined : resolve(step.body, named) }
    } catch (error) {
      // An earlier answer this step refers to went otherwise: the step cannot be sent.
      replayed.push({ index, step, status: 0, answer: (error as Error).message })
      continue
    }
    const { url, headers, body } = sent
    statements?.reset()
    const response = await app.inject({ method: step.method, url, headers, ...(body === undefined ? {} : { payload: body }) })
    let answer: Json = null
    if (response.body !== '') {
      try { answer = response.json() } catch { answer = response.body }
    }
    if (step.name !== undefined) named[step.name] = answer
    replayed.push({ index, step, status: response.statusCode, answer, ...(statements === undefined ? {} : { statements: statements.count() }) })
  }
  return { uploads, steps: replayed }
}

// ── normalising ───────────────────────────────────────────────────────────────
const TIMESTAMPS = new Set(['createdAt', 'updatedAt', 'publishedAt'])
const UPLOAD_HASH = /([a-z]+)_[0-9a-f]{10}/g
const DOCUMENT_ID = /^[a-z0-9]{24}$/

/**
 * documentIds named by order of first appearance (`doc1`, `doc2` …), Strapi's and ours in
 * pairs: where both answers hold a documentId at the same place, the two get one name, so a
 * document that only one run made (a create one side refused) shifts no later name. One of
 * ours that pairs with none of Strapi's gets a name of its own (`ours1` …), and differs.
 */
export class DocumentNames {
  readonly #theirs = new Map<string, string>()
  readonly #ours = new Map<string, string>()
  readonly #named = new Set<string>()
  #count = 0
  #oursOnly = 0

  /** Walks both answers depth first, keys sorted (key order is not part of an answer), naming each new documentId. */
  learn (theirs: Json, ours: Json): void {
    this.#walk(theirs, ours)
    this.#walk(theirs, undefined)
    this.#walk(undefined, ours)
  }

  #walk (theirs: Json, ours: Json): void {
    if (Array.isArray(theirs) || Array.isArray(ours)) {
      const length = Math.max(Array.isArray(theirs) ? theirs.length : 0, Array.isArray(ours) ? ours.length : 0)
      for (let index = 0; index < length; index++) this.#walk(Array.isArray(theirs) ? theirs[index] : undefined, Array.isArray(ours) ? ours[index] : undefined)
      return
    }
    const object = (value: Json): Record<string, Json> | null => value !== null && typeof value === 'object' ? value : null
    const a = object(theirs)
    const b = object(ours)
    if (a === null && b === null) return
    for (const key of [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])].sort()) {
      const mine = b?.[key]
      const strapi = a?.[key]
      if (key === 'documentId') this.#name(typeof strapi === 'string' && DOCUMENT_ID.test(strapi) ? strapi : null, typeof mine === 'string' && DOCUMENT_ID.test(mine) ? mine : null)
      this.#walk(strapi, mine)
    }
  }

  #name (theirs: string | null, ours: string | null): void {
    if (theirs !== null && !this.#theirs.has(theirs)) this.#theirs.set(theirs, `doc${++this.#count}`)
    if (ours === null || this.#ours.has(ours)) return
    const paired = theirs === null ? undefined : this.#theirs.get(theirs)
    const name = paired !== undefined && !this.#named.has(paired) ? paired : `ours${++this.#oursOnly}`
    this.#ours.set(ours, name)
    this.#named.add(name)
  }

  /** `text` with every documentId known of one side replaced by its name. */
  replace (text: string, side: 'theirs' | 'ours'): string {
    const names = side === 'theirs' ? this.#theirs : this.#ours
    return text.replace(/[a-z0-9]{24}/g, found => names.get(found) ?? found)
  }
}

export interface NormaliseOptions {
  /**
   * The deliberate differences put aside too (docs/decisions.md, 'Strapi v5'): row ids (one row
   * per locale of a document here), file sizes (originals are stored as uploaded, where Strapi
   * re-encodes them) and uids (generated from their target field when not sent).
   */
  deltas: boolean
}

/** What each deliberate difference changes, by key. */
const DELTA_KEYS = new Map([['id', '<id>'], ['size', '<size>'], ['slug', '<slug>']])

/** The answer in words that do not change from run to run. */
export function normalise (value: Json, names: (text: string) => string, options: NormaliseOptions, key?: string): Json {
  if (Array.isArray(value)) return value.map(item => normalise(item, names, options))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map(inner => [inner, normalise(value[inner], names, options, inner)]))
  }
  if (key !== undefined && TIMESTAMPS.has(key) && value !== null) return '<time>'
  if (key === 'jwt') return '<jwt>'
  if (key !== undefined && options.deltas && DELTA_KEYS.has(key)) return DELTA_KEYS.get(key)
  if (typeof value === 'string') return names(value).replace(UPLOAD_HASH, '$1_<hash>')
  return value
}

export interface Comparison {
  index: number
  step: RecordedStep
  /** Same status and answer, normalised as the fixture's README says. */
  same: boolean
  /** Same status and answer once the deliberate differences are put aside too (NormaliseOptions.deltas). */
  sameButDeltas: boolean
  ours: { status: number, answer: Json }
  theirs: { status: number, answer: Json }
}

/** Each step's answers side by side, normalised both ways. */
export function compare (recorded: Recording, replayed: Replayed): Comparison[] {
  const names = new DocumentNames()
  recorded.uploads.forEach((upload, index) => { names.learn(upload.answer, replayed.uploads[index]) })
  const theirNames = (text: string): string => names.replace(text, 'theirs')
  const ourNames = (text: string): string => names.replace(text, 'ours')
  return replayed.steps.map(({ index, step, status, answer }) => {
    names.learn(step.answer, answer)
    const theirs = (deltas: boolean): Json => normalise(step.answer, theirNames, { deltas })
    const ours = (deltas: boolean): Json => normalise(answer, ourNames, { deltas })
    return {
      index,
      step,
      same: status === step.status && isDeepStrictEqual(ours(false), theirs(false)),
      sameButDeltas: status === step.status && isDeepStrictEqual(ours(true), theirs(true)),
      ours: { status, answer: ours(true) },
      theirs: { status: step.status, answer: theirs(true) }
    }
  })
}
