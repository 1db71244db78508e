/**
 * `--verify`: the same reads asked of Strapi and of this app, answers compared with
 * compareAnswers. Where the answers come from is the caller's: a live Strapi over HTTP and
 * `app.inject` in the CLI, recorded answers in the tests.
 */
import type { Registry } from '../content-types/registry.js'
import { compareAnswers } from './compare-answers.js'
import type { Answer, AnswerDifference } from './compare-answers.js'

export type AnswerSource = (url: string) => Promise<Answer>

export interface VerifyReport {
  reads: number
  /** Reads whose answers are equal (Δ differences aside). */
  equal: number
  differences: AnswerDifference[]
  /** Every Δ difference met, once. */
  accepted: string[]
}

export async function verifyReads (options: { reads: readonly string[], strapi: AnswerSource, ours: AnswerSource }): Promise<VerifyReport> {
  const report: VerifyReport = { reads: options.reads.length, equal: 0, differences: [], accepted: [] }
  const accepted = new Set<string>()
  for (const url of options.reads) {
    const [strapi, ours] = await Promise.all([options.strapi(url), options.ours(url)])
    const comparison = compareAnswers({ url, strapi, ours })
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
