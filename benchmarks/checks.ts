/**
 * Before anything is timed, the ceiling is used as a second test oracle: for reads the
 * plugin's answer must deep-equal the ceiling's; for writes both must answer the same
 * entry and leave rows that the plugin reads back the same (ids, timestamps and the
 * request's own label aside). The stepwise ceiling, when it runs, is checked the same way
 * against the ceiling.
 */
import type { Json } from './compare.js'
import { differences, normalise } from './compare.js'
import type { Fixture } from './fixture.js'
import { call } from './http.js'
import type { Answer } from './http.js'
import type { DeleteSupply } from './delete-supply.js'
import type { ReadScenario, Target, WriteRequest } from './scenarios.js'
import { DEEP_POPULATE, readPath, updateBody, writePath } from './scenarios.js'

export interface CheckResult {
  /** Where the plugin's answer differs from the oracle's; empty when they agree. */
  differences: string[]
  /** Facts worth reporting that are not a difference (an empty page, a stale timestamp). */
  notes: string[]
  /** Size of the plugin's answer in bytes. */
  answerBytes: number
}

const VARYING_KEYS = new Set(['id', 'createdAt', 'updatedAt', 'publishedAt'])
const requestLabel = (text: string): string => text.replace(/\b(plugin|ceiling|stepwise)([ -])/g, 'TARGET$2')

function expectSuccess (answer: Answer, what: string): Answer {
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 1000)}`)
  }
  return answer
}

function expectStatus (answer: Answer, what: string): Json {
  return expectSuccess(answer, what).body
}

function dataOf (body: Json): Json {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? body.data ?? null : null
}

function idOf (body: Json, what: string): number {
  const data = dataOf(body)
  const id = data !== null && typeof data === 'object' && !Array.isArray(data) ? data.id : undefined
  if (typeof id !== 'number') throw new Error(`${what}: no data.id in ${JSON.stringify(body).slice(0, 300)}`)
  return id
}

async function readAnswer (scenario: ReadScenario, target: Target, origin: string): Promise<Answer> {
  const path = readPath(scenario, target)
  return expectSuccess(await call(origin, 'GET', path), `${target} GET ${path}`)
}

/** The plugin's answer (and em.find's and the correlated ceiling's, when those columns run) against the ceiling's. */
export async function checkRead (scenario: ReadScenario, plugin: string, ceiling: string, others: { ormFind: string | null, correlated: boolean }): Promise<CheckResult> {
  const theirs = (await readAnswer(scenario, 'ceiling', ceiling)).body
  const ours = await readAnswer(scenario, 'plugin', plugin)
  const found = differences(ours.body, theirs)
  const { ormFind, correlated } = others
  if (ormFind !== null) found.push(...differences((await readAnswer(scenario, 'orm-find', ormFind)).body, theirs).map(line => `em.find column: ${line}`))
  if (correlated) found.push(...differences((await readAnswer(scenario, 'ceiling-correlated', ceiling)).body, theirs).map(line => `correlated ceiling: ${line}`))
  const data = dataOf(theirs)
  const notes = Array.isArray(data) && data.length === 0 ? ['the answer is an empty page (dataset too small for this scenario)'] : []
  return { differences: found, notes, answerBytes: ours.bytes }
}

/** The ids of an answer's top-level entries, in order (one for a single entry). */
function entryIds (body: Json): Json[] {
  const data = dataOf(body)
  const entries = Array.isArray(data) ? data : [data]
  return entries.map(entry => entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? entry.id ?? null : null)
}

/** Every `id` at any depth (entries, relations, media, components, zone items), sorted: what both formats must contain. */
function allIds (value: Json, out: number[] = []): number[] {
  if (Array.isArray(value)) for (const item of value) allIds(item, out)
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'id' && typeof item === 'number') out.push(item)
      else allIds(item, out)
    }
  }
  return out.sort((a, b) => a - b)
}

const paginationOf = (body: Json): Json => body !== null && typeof body === 'object' && !Array.isArray(body) && body.meta !== null && typeof body.meta === 'object' && !Array.isArray(body.meta) ? body.meta.pagination ?? null : null

/**
 * A v5 twin: the plugin's v5 answer must have the same entries, in the same order, as its
 * answer to the v4 twin, and the same pagination. The formats differ in shape (flat entries,
 * documentIds), so the answers are not compared deeply; a different set of ids at other
 * depths is reported as a note.
 */
export async function checkV5Twin (scenario: ReadScenario, plugin: string): Promise<CheckResult> {
  const v4 = (await readAnswer(scenario, 'plugin-v4', plugin)).body
  const answer = await readAnswer(scenario, 'plugin', plugin)
  const v5 = scenario.graphql === true ? { ...answer, body: fromGraphql(answer.body) } : answer
  const found = [
    ...differences(entryIds(v5.body), entryIds(v4)).map(line => `entry ids ${line}`),
    ...differences(paginationOf(v5.body), paginationOf(v4)).map(line => `pagination ${line}`)
  ]
  const notes: string[] = []
  const nested = differences(allIds(v5.body), allIds(v4))
  if (nested.length > 0) notes.push(`the ids at every depth differ from the v4 twin's: ${nested.slice(0, 3).join('; ')}`)
  const data = dataOf(v4)
  if (Array.isArray(data) && data.length === 0) notes.push('the answer is an empty page (dataset too small for this scenario)')
  return { differences: found, notes, answerBytes: v5.bytes }
}

/** A GraphQL answer as its REST twin's: the root field's `{ data, meta }`, its ids as numbers. */
function fromGraphql (body: Json): Json {
  const data = dataOf(body)
  const root = data !== null && typeof data === 'object' && !Array.isArray(data) ? Object.values(data)[0] ?? null : null
  const numbered = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(numbered)
    if (value === null || typeof value !== 'object') return value
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === 'id' && typeof item === 'string' ? Number(item) : numbered(item)]))
  }
  return numbered(root)
}

async function readBack (plugin: string, id: number): Promise<Json> {
  return expectStatus(await call(plugin, 'GET', `/api/articles/${id}?${DEEP_POPULATE}&publicationState=preview`), `plugin GET /api/articles/${id}`)
}

/** `stepwise`: the stepwise ceiling's origin when it runs (its create is checked against the ceiling's too), else null. */
export async function checkCreate (plugin: string, ceiling: string, stepwise: string | null, next: (target: Target) => WriteRequest): Promise<CheckResult> {
  const ceilingRequest = next('ceiling')
  const pluginRequest = next('plugin')
  const theirs = expectStatus(await call(ceiling, 'POST', ceilingRequest.path, ceilingRequest.body), 'ceiling create')
  const answer = expectSuccess(await call(plugin, 'POST', pluginRequest.path, pluginRequest.body), 'plugin create')
  const comparable = (body: Json): Json => normalise(body, VARYING_KEYS, requestLabel)
  const theirsReadBack = comparable(await readBack(plugin, idOf(theirs, 'ceiling create')))
  const against = async (target: Target, ours: Json): Promise<string[]> => [
    ...differences(comparable(ours), comparable(theirs)).map(line => `answer ${line}`),
    ...differences(comparable(await readBack(plugin, idOf(ours, `${target} create`))), theirsReadBack).map(line => `read back ${line}`)
  ]
  const found = await against('plugin', answer.body)
  if (stepwise !== null) {
    const request = next('stepwise')
    const stepped = expectStatus(await call(stepwise, 'POST', request.path, request.body), 'stepwise create')
    found.push(...(await against('stepwise', stepped)).map(line => `stepwise column: ${line}`))
  }
  return { differences: found, notes: [], answerBytes: answer.bytes }
}

function updatedAtOf (body: Json): Json {
  const data = dataOf(body)
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null
  const attributes = data.attributes
  return attributes !== null && typeof attributes === 'object' && !Array.isArray(attributes) ? attributes.updatedAt ?? null : null
}

interface UpdateComparison {
  differences: string[]
  /** The plugin's answer to body A. */
  afterA: Json
  /** Size of the plugin's answer to body B. */
  answerBytes: number
}

/**
 * The plugin moves article `id` to body A, `target` to body B (read back R1), then the
 * plugin applies B too (read back R2): R1 = R2 proves `target` wrote what the plugin
 * writes, and the two answers to B must agree.
 */
async function compareUpdate (plugin: string, target: Target, origin: string, fixture: Fixture, id: number): Promise<UpdateComparison> {
  const body = (n: number): string => JSON.stringify({ data: updateBody(fixture, n) })
  const afterA = expectStatus(await call(plugin, 'PUT', writePath('plugin', id), body(1)), 'plugin update A')
  const theirs = expectStatus(await call(origin, 'PUT', writePath(target, id), body(2)), `${target} update B`)
  const readByTarget = await readBack(plugin, id)
  const answer = expectSuccess(await call(plugin, 'PUT', writePath('plugin', id), body(2)), 'plugin update B')
  const readByPlugin = await readBack(plugin, id)
  const comparable = (value: Json): Json => normalise(value, new Set(['updatedAt']))
  return {
    differences: [
      ...differences(comparable(answer.body), comparable(theirs)).map(line => `answer ${line}`),
      ...differences(comparable(readByPlugin), comparable(readByTarget)).map(line => `read back ${line}`)
    ],
    afterA,
    answerBytes: answer.bytes
  }
}

/** The update compared with the ceiling's, then (`stepwise` not null) with the stepwise ceiling's, on the same article. */
export async function checkUpdate (plugin: string, ceiling: string, stepwise: string | null, fixture: Fixture): Promise<CheckResult> {
  const id = fixture.update.articles[0]
  if (id === undefined) throw new Error('update check: no article to update')
  const before = await readBack(plugin, id)
  const { differences: found, afterA, answerBytes } = await compareUpdate(plugin, 'ceiling', ceiling, fixture, id)
  const notes: string[] = []
  if (updatedAtOf(afterA) === updatedAtOf(before)) notes.push(`the plugin's update did not move updatedAt (still ${JSON.stringify(updatedAtOf(before))})`)
  if (stepwise !== null) found.push(...(await compareUpdate(plugin, 'stepwise', stepwise, fixture, id)).differences.map(line => `stepwise column: ${line}`))
  return { differences: found, notes, answerBytes }
}

/** The supply's articles differ by their number only. */
const supplyLabel = (text: string): string => text.replace(/\b(Delete supply |delete-supply-)\d+\b/g, '$1N')

/** Rows per table that `before` has and `after` no longer has. */
function removed (before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(before).map(([table, count]) => [table, count - (after[table] ?? 0)]))
}

/**
 * The plugin and the ceiling each delete an article of the supply: both answer the article as
 * it was (ids and timestamps aside), both remove the same rows from every table of its tree
 * (one article, its links, its component rows), and the plugin no longer finds either.
 */
export async function checkDelete (plugin: string, ceiling: string, supply: DeleteSupply, next: (target: Target) => WriteRequest): Promise<CheckResult> {
  const counts = [await supply.rowCounts()]
  const pluginRequest = next('plugin')
  const answer = expectSuccess(await call(plugin, 'DELETE', pluginRequest.path), 'plugin delete')
  counts.push(await supply.rowCounts())
  const ceilingRequest = next('ceiling')
  const theirs = expectStatus(await call(ceiling, 'DELETE', ceilingRequest.path), 'ceiling delete')
  counts.push(await supply.rowCounts())
  const comparable = (body: Json): Json => normalise(body, VARYING_KEYS, supplyLabel)
  const found = differences(comparable(answer.body), comparable(theirs)).map(line => `answer ${line}`)
  const byPlugin = removed(counts[0]!, counts[1]!)
  const byCeiling = removed(counts[1]!, counts[2]!)
  found.push(...differences(byPlugin, byCeiling).map(line => `rows removed ${line}`))
  if (byPlugin.articles !== 1) found.push(`rows removed: the plugin's delete removed ${byPlugin.articles} articles`)
  for (const [target, body] of [['plugin', answer.body], ['ceiling', theirs]] as const) {
    const id = idOf(body, `${target} delete`)
    const after = await call(plugin, 'GET', `/api/articles/${id}?publicationState=preview`)
    if (after.status !== 404) found.push(`the article ${target} deleted (${id}) is still found: ${after.status}`)
  }
  return { differences: found, notes: [], answerBytes: answer.bytes }
}
