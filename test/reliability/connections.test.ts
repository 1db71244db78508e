/**
 * The service heals when its database drops connections: sessions killed in the
 * middle of writes, a restart under write load, an outage, a statement that runs too long
 * and a client that goes away. Each scenario runs on a PostgreSQL cluster of its own
 * (test/helpers/pg-cluster.ts), counts every answer, and fails on any 5xx other than a
 * 503 during an outage, on any hang, and on any acknowledged write that is not stored.
 */
import t from 'tap'
import type { Test } from 'tap'
import pg from 'pg'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import contentApi from '../../plugin/index.js'
import type { DatabaseOptions } from '../../plugin/repository/connection/database.js'
import { EXAMPLE_SCHEMAS } from '../helpers/paths.js'
import { createCluster } from '../helpers/pg-cluster.js'
import type { PgCluster } from '../helpers/pg-cluster.js'

/** A request that has not answered by then is counted as hung: the failure this suite exists for. */
const HANG_MS = 20_000

let cluster: PgCluster
let databases = 0

t.before(async () => { cluster = await createCluster() })
t.teardown(async () => { await cluster?.destroy() })

interface Served {
  app: FastifyInstance
  database: string
  close: () => Promise<void>
}

async function serve (database: Partial<DatabaseOptions> = {}): Promise<Served> {
  databases += 1
  const name = `fca_reliability_${databases}`
  const app = Fastify({ logger: false, pluginTimeout: 120_000 })
  await app.register(contentApi, {
    schemas: EXAMPLE_SCHEMAS,
    upload: false,
    docs: false,
    database: { url: cluster.url(name), poolSize: 4, connectionTimeout: 3_000, ...database }
  })
  await app.ready()
  return { app, database: name, close: async () => { await app.close() } }
}

interface Answer { status: number, body: Record<string, unknown>, headers: Record<string, unknown> }

async function call (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => { reject(new Error(`${method} ${url} did not answer within ${HANG_MS} ms`)) }, HANG_MS)
  })
  try {
    const response = await Promise.race([app.inject({ method, url, ...(payload === undefined ? {} : { payload }) }), hung])
    const body = response.body === '' ? {} : JSON.parse(response.body) as Record<string, unknown>
    return { status: response.statusCode, body, headers: response.headers }
  } finally {
    clearTimeout(timer)
  }
}

let titles = 0
function articleBody (): Record<string, unknown> {
  titles += 1
  return {
    data: {
      title: `Reliable ${titles}`,
      seo: { metaTitle: `Seo ${titles}` },
      blocks: [{ __component: 'blocks.quote', text: `Quote ${titles}` }]
    }
  }
}

function tableOf (app: FastifyInstance, uid: string): string {
  const entity = app.contentApi.registry.model(uid).entity
  return app.contentApi.orm.getMetadata().getByClassName(entity).tableName
}

/** Every stored article has its component and its zone item, and no component row is left without an article. */
async function checkAtomic (t: Test, served: Served): Promise<void> {
  const articles = await countRows(served.database, tableOf(served.app, 'api::article.article'))
  const seos = await countRows(served.database, tableOf(served.app, 'shared.seo'))
  const quotes = await countRows(served.database, tableOf(served.app, 'blocks.quote'))
  t.equal(seos, articles, `one seo component row per stored article (${articles} articles)`)
  t.equal(quotes, articles, 'one zone item row per stored article')
}

async function countRows (database: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.url(database) })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`)
    return rows[0]!.n
  } finally {
    await client.end()
  }
}

function tally (answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1
  return counts
}

t.test('sessions killed in the middle of writes never use up the pool', async t => {
  const served = await serve()
  t.teardown(served.close)
  const answers: Answer[] = []
  let killed = 0
  for (let round = 0; round < 12; round += 1) {
    const writes = Array.from({ length: 3 }, async () => await call(served.app, 'POST', '/api/articles', articleBody()))
    await new Promise(resolve => setTimeout(resolve, 2 + (round % 4) * 3))
    killed += await cluster.terminateSessions(served.database)
    answers.push(...await Promise.all(writes))
  }
  t.ok(killed >= 12, `sessions were killed during the writes (${killed})`)
  const statuses = tally(answers)
  t.same(Object.keys(statuses).filter(status => status !== '200' && status !== '503'), [], `writes answered 200 or 503 only: ${JSON.stringify(statuses)}`)
  for (const answer of answers.filter(answer => answer.status === 503)) {
    t.equal(answer.headers['retry-after'], '1', 'a 503 says when to retry')
    t.equal((answer.body.error as { name: string }).name, 'ServiceUnavailableError')
  }
  // More parallel reads than the pool has connections: each needs a healthy pooled slot.
  const reads = await Promise.all(Array.from({ length: 20 }, async () => await call(served.app, 'GET', '/api/articles?populate=*')))
  t.same(tally(reads), { 200: 20 }, 'after the kills every read answers')
  const acknowledged = answers.filter(answer => answer.status === 200).map(answer => (answer.body.data as { id: number }).id)
  const stored = await countRows(served.database, tableOf(served.app, 'api::article.article'))
  t.ok(stored >= acknowledged.length, `every acknowledged create is stored (${acknowledged.length} acknowledged, ${stored} stored)`)
  for (const id of acknowledged) {
    const read = await call(served.app, 'GET', `/api/articles/${id}?publicationState=preview`)
    if (read.status !== 200) t.fail(`acknowledged article ${id} answers ${read.status}`)
  }
  await checkAtomic(t, served)
})

t.test('creates retried with an Idempotency-Key through killed sessions make exactly one entry each', async t => {
  const served = await serve()
  t.teardown(served.close)
  const keys = Array.from({ length: 24 }, (_, index) => `retry-${index}`)
  const attempts: number[] = []
  const createOnce = async (key: string): Promise<number> => {
    const body = articleBody()
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      let timer: NodeJS.Timeout | undefined
      const hung = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => { reject(new Error('hung')) }, HANG_MS) })
      const response = await Promise.race([served.app.inject({ method: 'POST', url: '/api/articles', payload: body, headers: { 'idempotency-key': key } }), hung])
      clearTimeout(timer)
      if (response.statusCode === 200) {
        attempts.push(attempt)
        return (response.json() as { data: { id: number } }).data.id
      }
      if (response.statusCode !== 503) throw new Error(`${key}: ${response.statusCode} ${response.body}`)
    }
    throw new Error(`${key} never succeeded`)
  }
  const killer = (async () => {
    for (let round = 0; round < 10; round += 1) {
      await new Promise(resolve => setTimeout(resolve, 15))
      await cluster.terminateSessions(served.database)
    }
  })()
  const ids = await Promise.all(keys.map(createOnce))
  await killer
  t.equal(new Set(ids).size, keys.length, 'each key answered its own entry')
  t.ok(attempts.some(count => count > 1), `some creates needed retries (attempts: ${attempts.join(',')})`)
  const stored = await countRows(served.database, tableOf(served.app, 'api::article.article'))
  t.equal(stored, keys.length, `${keys.length} keys, ${stored} entries: no duplicate from a retry`)
  await checkAtomic(t, served)
})

t.test('a restart under write load loses no acknowledged write and needs no restart of the service', async t => {
  const served = await serve()
  t.teardown(served.close)
  const answers: Answer[] = []
  let writing = true
  const writer = async (): Promise<void> => {
    while (writing) answers.push(await call(served.app, 'POST', '/api/articles', articleBody()))
  }
  const writers = Array.from({ length: 4 }, writer)
  await new Promise(resolve => setTimeout(resolve, 800))
  for (let restart = 0; restart < 3; restart += 1) {
    await cluster.restart()
    await new Promise(resolve => setTimeout(resolve, 600))
  }
  writing = false
  await Promise.all(writers)
  const statuses = tally(answers)
  t.same(Object.keys(statuses).filter(status => status !== '200' && status !== '503'), [], `writes answered 200 or 503 only: ${JSON.stringify(statuses)}`)
  t.ok((statuses[200] ?? 0) > 0, 'writes were acknowledged')
  const acknowledged = new Set(answers.filter(answer => answer.status === 200).map(answer => (answer.body.data as { id: number }).id))
  const client = new pg.Client({ connectionString: cluster.url(served.database) })
  await client.connect()
  const { rows } = await client.query<{ id: number }>(`select id from "${tableOf(served.app, 'api::article.article')}"`)
  await client.end()
  const stored = new Set(rows.map(row => row.id))
  const lost = [...acknowledged].filter(id => !stored.has(id))
  t.same(lost, [], `0 of ${acknowledged.size} acknowledged creates lost`)
  const reads = await Promise.all(Array.from({ length: 40 }, async () => await call(served.app, 'GET', '/api/articles')))
  t.same(tally(reads), { 200: 40 }, 'after three restarts 40 parallel reads answer from the same process')
  await checkAtomic(t, served)
})

t.test('while the database is down: 503 with Retry-After, not ready, still alive; then back by itself', async t => {
  const served = await serve()
  t.teardown(served.close)
  t.equal((await call(served.app, 'GET', '/_ready')).status, 200, 'ready while the database answers')
  await cluster.stop()
  try {
    const read = await call(served.app, 'GET', '/api/articles')
    t.equal(read.status, 503, 'a read answers 503')
    t.equal(read.headers['retry-after'], '1')
    t.same(read.body, { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'The service is temporarily unavailable; retry shortly', details: {} } })
    t.equal((await call(served.app, 'POST', '/api/articles', articleBody())).status, 503, 'a write answers 503')
    const ready = await call(served.app, 'GET', '/_ready')
    t.equal(ready.status, 503, '/_ready says not ready')
    t.same(ready.body, { status: 'unavailable' })
    t.equal((await call(served.app, 'GET', '/_health')).status, 200, '/_health: the process itself is alive')
  } finally {
    await cluster.start()
  }
  t.equal((await call(served.app, 'GET', '/_ready')).status, 200, 'ready again once the database is back')
  t.equal((await call(served.app, 'GET', '/api/articles')).status, 200, 'reads answer again')
  t.equal((await call(served.app, 'POST', '/api/articles', articleBody())).status, 200, 'writes answer again')
})

t.test('a statement past the statement timeout answers 503; a client that goes away cancels its statement', async t => {
  const served = await serve({ statementTimeout: 1_500 })
  t.teardown(served.close)
  const locker = new pg.Client({ connectionString: cluster.url(served.database) })
  await locker.connect()
  t.teardown(async () => { await locker.end() })
  const table = tableOf(served.app, 'api::article.article')
  await locker.query('begin')
  await locker.query(`lock table "${table}" in access exclusive mode`)
  const slow = await call(served.app, 'GET', '/api/articles')
  t.equal(slow.status, 503, 'a read stuck behind a lock ends at the statement timeout with a 503')
  t.equal(slow.headers['retry-after'], '1')
  await locker.query('rollback')

  const patient = await serve({ statementTimeout: 60_000 })
  t.teardown(patient.close)
  const address = await patient.app.listen({ port: 0, host: '127.0.0.1' })
  const patientLocker = new pg.Client({ connectionString: cluster.url(patient.database) })
  await patientLocker.connect()
  t.teardown(async () => { await patientLocker.end() })
  await patientLocker.query('begin')
  await patientLocker.query(`lock table "${tableOf(patient.app, 'api::article.article')}" in access exclusive mode`)
  const waiting = async (): Promise<number> => {
    const { rows } = await cluster.sql(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'fastify-content-api' and wait_event_type = 'Lock'",
      [patient.database])
    return (rows[0] as { n: number }).n
  }
  const gone = new AbortController()
  const request = fetch(`${address}/api/articles`, { signal: gone.signal }).catch(() => null)
  let seen = 0
  for (let poll = 0; poll < 50 && seen === 0; poll += 1) {
    await new Promise(resolve => setTimeout(resolve, 100))
    seen = await waiting()
  }
  t.equal(seen, 1, 'the read waits on the lock in PostgreSQL')
  gone.abort()
  await request
  let left = seen
  for (let poll = 0; poll < 50 && left > 0; poll += 1) {
    await new Promise(resolve => setTimeout(resolve, 100))
    left = await waiting()
  }
  t.equal(left, 0, 'once its client went away the read no longer runs (long before its 60 s timeout)')
  await patientLocker.query('rollback')
  t.equal((await call(patient.app, 'GET', '/api/articles')).status, 200, 'the pool still answers after the cancel')
})
