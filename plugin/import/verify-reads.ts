/**
 * `--verify`: the same reads asked of Strapi and of this app, answers compared with
 * compareAnswers. Where the answers come from is the caller's: a live Strapi over HTTP and
 * `app.inject` in the CLI, recorded answers in the tests.
 */
import type { Registry } from '../content-types/registry.js'
import { compareAnswers } from './compare-answers.js'
import type { Answer, AnswerDifference, AnswerFormat } from './compare-answers.js'

export type AnswerSource = (url: string) => Promise<Answer>

export interface VerifyReport {
  reads: number
  /** Reads whose answers are equal (Δ differences aside). */
  equal: number
  differences: AnswerDifference[]
  /** Every Δ difference met, once. */
  accepted: string[]
}

/** The number of entries a list read answers (`meta.pagination.total`), or its status when it is not a 200 list. */
function listTotal (answer: Answer): unknown {
  const meta = (answer.body as { meta?: { pagination?: { total?: unknown } } } | null)?.meta
  return answer.status === 200 && meta?.pagination?.total !== undefined ? meta.pagination.total : `status ${answer.status}`
}

/**
 * Replays `reads` on both sides and compares the answers; `counts` are list reads of which only
 * the number of entries is compared (a type's entries in a status and locale).
 */
export async function verifyReads (options: { reads: readonly string[], counts?: readonly string[], strapi: AnswerSource, ours: AnswerSource, format?: AnswerFormat }): Promise<VerifyReport> {
  const counts = options.counts ?? []
  const report: VerifyReport = { reads: options.reads.length + counts.length, equal: 0, differences: [], accepted: [] }
  const accepted = new Set<string>()
  for (const url of counts) {
    const [strapi, ours] = await Promise.all([options.strapi(url), options.ours(url)])
    const [theirs, mine] = [listTotal(strapi), listTotal(ours)]
    if (theirs === mine) report.equal += 1
    else report.differences.push({ url, path: 'meta.pagination.total', strapi: theirs, ours: mine })
  }
  for (const url of options.reads) {
    const [strapi, ours] = await Promise.all([options.strapi(url), options.ours(url)])
    const comparison = compareAnswers({ url, strapi, ours, ...(options.format === undefined ? {} : { format: options.format }) })
    for (const delta of comparison.accepted) accepted.add(delta)
    if (comparison.differences.length === 0) report.equal += 1
    report.differences.push(...comparison.differences)
  }
  report.accepted = [...accepted]
  return report
}

/**
 * The reads `--verify` replays: per collection type its list with and without
 * `populate=*` and the first `entriesPerType` entries with `populate=*`; per single type
 * the entry with and without it; localized types also in every locale.
 */
export function verifyReadList (registry: Registry, ids: ReadonlyMap<string, readonly number[]>, prefix = '/api'): string[] {
  const reads: string[] = []
  for (const model of registry.contentTypes.values()) {
    const path = `${prefix}/${model.single ? model.singularName : model.pluralName}`
    reads.push(path, `${path}?populate=*`)
    if (model.localized) reads.push(`${path}?locale=all&populate=*`)
    if (!model.single) for (const id of ids.get(model.uid) ?? []) reads.push(`${path}/${id}?populate=*`)
  }
  return reads
}

/** A document of a Strapi 5 site, in one of its locales (null: the type is not localized). */
export interface V5Document {
  documentId: string
  locale: string | null
}

/**
 * What `--verify` asks a Strapi 5 site, in its own format: `counts`, per type, status
 * (published, draft) and locale, the number of entries; `reads`, per collection type its list
 * with and without `populate=*` in both statuses and each of `documents` (the first ones of
 * each type) with `populate=*` in both statuses; per single type the entry in both statuses.
 */
export function verifyReadListV5 (registry: Registry, options: { documents: ReadonlyMap<string, readonly V5Document[]>, locales: readonly string[] | null, prefix?: string }): { counts: string[], reads: string[] } {
  const counts: string[] = []
  const reads: string[] = []
  const prefix = options.prefix ?? '/api'
  for (const model of registry.contentTypes.values()) {
    const statuses = model.draftAndPublish ? ['published', 'draft'] : ['published']
    const locales = model.localized && options.locales !== null ? options.locales.map(locale => `&locale=${encodeURIComponent(locale)}`) : ['']
    if (model.single) {
      for (const status of statuses) for (const locale of locales) reads.push(`${prefix}/${model.singularName}?status=${status}${locale}&populate=*`)
      continue
    }
    const path = `${prefix}/${model.pluralName}`
    for (const status of statuses) {
      for (const locale of locales) counts.push(`${path}?status=${status}${locale}&pagination[pageSize]=1`)
      reads.push(`${path}?status=${status}`, `${path}?status=${status}&populate=*`)
      for (const document of options.documents.get(model.uid) ?? []) {
        const locale = document.locale === null ? '' : `&locale=${encodeURIComponent(document.locale)}`
        reads.push(`${path}/${document.documentId}?status=${status}${locale}&populate=*`)
      }
    }
  }
  return { counts, reads }
}

/** A live Strapi's answers. */
export function httpAnswers (baseUrl: string): AnswerSource {
  const base = baseUrl.replace(/\/+$/, '')
  return async (url) => {
    const response = await fetch(`${base}${url}`, { headers: { accept: 'application/json' } })
    const text = await response.text()
    let body: unknown = text
    try { body = JSON.parse(text) } catch { /* a non-JSON answer is compared as text */ }
    return { status: response.status, body }
  }
}
