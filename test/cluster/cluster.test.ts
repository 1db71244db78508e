/**
 * Two API processes on a PostgreSQL primary with a streaming replica (docs/production.md, 'Read replicas'), all made
 * by this test on loopback ports in temp folders: reads go to the replica, a caller who
 * wrote reads its own write, a lagging replica is skipped, and a replica stopped under load
 * costs no request. Every answer is counted; any 5xx or lost write fails the test.
 */
import t from 'tap'
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { createCluster } from '../helpers/pg-cluster.js'
import { S3_CREDENTIALS, startS3Server } from '../helpers/s3-server.js'
import type { PgCluster } from '../helpers/pg-cluster.js'

const DATABASE = 'fca_cluster'
const BUCKET = 'media'
const NODE_SCRIPT = fileURLToPath(new URL('../helpers/cluster-api-node.ts', import.meta.url))

interface ApiNode {
  base: string
  process: ChildProcess
  stats: () => Promise<ReadStats>
}

interface ReadStats {
  primary: number
  replicas: Array<{ healthy: boolean, lag: number | null, reads: number }>
}

interface Storage { endpoint: string, staging: string }

async function startNode (primary: PgCluster, replica: PgCluster, maxLag: number, storage: Storage): Promise<ApiNode> {
  const child = spawn(process.execPath, ['--import', 'tsx', NODE_SCRIPT], {
    env: {
      ...process.env,
      DATABASE_URL: primary.url(DATABASE),
      REPLICA_URL: replica.url(DATABASE),
      REPLICA_MAX_LAG: String(maxLag),
      S3_ENDPOINT: storage.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      UPLOAD_STAGING: storage.staging
    },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', line => {
      const match = /^listening (\d+)$/.exec(line)
      if (match !== null) resolve(Number(match[1]))
    })
    child.once('exit', code => { reject(new Error(`API node exited with ${String(code)} before listening`)) })
  })
  const base = `http://127.0.0.1:${port}`
  return {
    base,
    process: child,
    stats: async () => await (await fetch(`${base}/test/read-stats`)).json() as ReadStats
  }
}

async function stopNode (node: ApiNode): Promise<void> {
  if (node.process.exitCode !== null) return
  const exited = new Promise(resolve => node.process.once('exit', resolve))
  node.process.kill('SIGTERM')
  await exited
}

interface Answer { status: number, body: { data?: { id: number, attributes: Record<string, unknown> } }, cookie: string | null }

async function request (url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) })
  const text = await response.text()
  return { status: response.status, body: text === '' ? {} : JSON.parse(text) as Answer['body'], cookie: response.headers.get('set-cookie') }
}

async function createTag (node: ApiNode, name: string): Promise<Answer> {
  return await request(`${node.base}/api/tags`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name } }) })
}

async function until (what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error(`timed out waiting until ${what}`)
}

t.test('two API nodes, a primary and a streaming replica', async t => {
  const primary = await createCluster()
  t.teardown(async () => { await primary.destroy() })
  const replica = await createCluster({ replicaOf: primary })
  t.teardown(async () => { await replica.destroy() })
  t.same((await replica.sql('select pg_is_in_recovery() as recovery')).rows, [{ recovery: true }], 'the replica is a streaming standby')

  const folder = await mkdtemp(join(tmpdir(), 'fca-cluster-'))
  t.teardown(async () => { await rm(folder, { recursive: true, force: true }) })
  const s3 = await startS3Server({ directory: join(folder, 's3'), buckets: [BUCKET] })
  t.teardown(async () => { await s3.stop() })
  // A waits for the replica only briefly; B tolerates a long lag, so B's reads show the replica's state.
  const a = await startNode(primary, replica, 1_000, { endpoint: s3.endpoint, staging: join(folder, 'staging-a') })
  t.teardown(async () => { await stopNode(a) })
  await until('the replica has the tables', async () => (await replica.sql(
    'select count(*)::int as n from pg_database where datname = $1', [DATABASE])).rows[0].n === 1)
  const b = await startNode(primary, replica, 60_000, { endpoint: s3.endpoint, staging: join(folder, 'staging-b') })
  t.teardown(async () => { await stopNode(b) })

  await t.test('a write on A is read back on B through the replica', async t => {
    const before = (await b.stats()).replicas[0]!.reads
    const created = await createTag(a, 'replicated')
    t.equal(created.status, 200)
    const id = created.body.data!.id
    await until('B sees the write', async () => (await request(`${b.base}/api/tags/${id}`)).status === 200)
    const stats = await b.stats()
    t.ok(stats.replicas[0]!.reads > before, `B's reads went to the replica (${stats.replicas[0]!.reads} replica reads, ${stats.primary} on the primary)`)
    t.equal(stats.replicas[0]!.healthy, true)
  })

  await t.test('a caller who wrote reads its own write; others may read the replica', async t => {
    await createTag(a, 'fresh replay timestamp')
    await until('the replica replayed it', async () => (await request(`${b.base}/api/tags?filters[name][$eq]=fresh%20replay%20timestamp`)).status === 200 &&
      ((await request(`${b.base}/api/tags?filters[name][$eq]=fresh%20replay%20timestamp`)).body as unknown as { data: unknown[] }).data.length === 1)
    await replica.sql('select pg_wal_replay_pause()')
    try {
      const created = await createTag(a, 'read your writes')
      t.equal(created.status, 200)
      t.match(created.cookie, /fca_read_primary_until=\d+/, 'the write answer sets the read-your-writes cookie')
      const id = created.body.data!.id
      const cookie = created.cookie!.split(';')[0]!
      const own = await request(`${b.base}/api/tags/${id}`, { headers: { cookie } })
      t.equal(own.status, 200, 'with the cookie, B reads the write from the primary at once')
      const other = await request(`${b.base}/api/tags/${id}`)
      t.equal(other.status, 404, 'without it, B reads the paused replica, which has not replayed the write yet')
      await until('A skips its lagging replica', async () => (await request(`${a.base}/api/tags/${id}`)).status === 200)
      const stats = await a.stats()
      t.equal(stats.replicas[0]!.healthy, false, `A marked the replica lagging (lag ${String(stats.replicas[0]!.lag)} ms > 1000)`)
    } finally {
      await replica.sql('select pg_wal_replay_resume()')
    }
    await until('A uses the replica again once it caught up', async () => (await a.stats()).replicas[0]!.healthy)
  })

  await t.test('a file uploaded on A is listed by B and served from the bucket for B\'s URL', async t => {
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer()
    const form = new FormData()
    form.append('files', new Blob([image], { type: 'image/png' }), 'cluster.png')
    const uploaded = await fetch(`${a.base}/api/upload`, { method: 'POST', body: form })
    t.equal(uploaded.status, 200)
    const [file] = await uploaded.json() as Array<{ id: number, url: string, formats: Record<string, { url: string }> }>
    t.match(file!.url, new RegExp(`^${s3.endpoint}/${BUCKET}/`), 'the url points at the bucket, not at node A')
    await until('B lists the file', async () => (await request(`${b.base}/api/upload/files/${file!.id}`)).status === 200)
    const onB = (await (await fetch(`${b.base}/api/upload/files/${file!.id}`)).json()) as { url: string, formats: Record<string, { url: string }> }
    t.equal(onB.url, file!.url, 'B answers the same url')
    const served = await fetch(onB.url)
    t.equal(served.status, 200)
    t.ok(Buffer.from(await served.arrayBuffer()).equals(image), 'the bucket serves the uploaded bytes')
    for (const format of Object.values(onB.formats)) t.equal((await fetch(format.url)).status, 200, `format ${format.url} is served`)
    const deleted = await fetch(`${b.base}/api/upload/files/${file!.id}`, { method: 'DELETE' })
    t.equal(deleted.status, 200, 'B deletes what A uploaded')
    t.same(await s3.keys(BUCKET), [], 'and every object of it is gone from the bucket')
  })

  await t.test('the replica stopped under load: no failed request, no lost write, then used again', async t => {
    const statuses: Record<number, number> = {}
    const acknowledged: number[] = []
    let running = true
    const count = (status: number): void => { statuses[status] = (statuses[status] ?? 0) + 1 }
    const reader = async (node: ApiNode): Promise<void> => {
      while (running) count((await request(`${node.base}/api/tags?sort=id:desc`)).status)
    }
    let written = 0
    const writer = async (): Promise<void> => {
      while (running) {
        written += 1
        const answer = await createTag(written % 2 === 0 ? a : b, `under load ${written}`)
        count(answer.status)
        if (answer.status === 200) acknowledged.push(answer.body.data!.id)
      }
    }
    const before = await Promise.all([a.stats(), b.stats()])
    const load = [reader(a), reader(a), reader(b), reader(b), writer()]
    await new Promise(resolve => setTimeout(resolve, 1_000))
    const stoppedAt = Date.now()
    await replica.stop()
    await new Promise(resolve => setTimeout(resolve, 2_000))
    const during = await Promise.all([a.stats(), b.stats()])
    await replica.start()
    await until('both nodes use the replica again', async () => (await Promise.all([a.stats(), b.stats()])).every(stats => stats.replicas[0]!.healthy))
    const backAfter = Date.now() - stoppedAt
    await new Promise(resolve => setTimeout(resolve, 500))
    running = false
    await Promise.all(load)
    const after = await Promise.all([a.stats(), b.stats()])

    t.same(Object.keys(statuses), ['200'], `every request answered 200: ${JSON.stringify(statuses)}`)
    t.equal(during.filter(stats => !stats.replicas[0]!.healthy).length, 2, 'both nodes noticed the stopped replica')
    for (const [index, name] of ['A', 'B'].entries()) {
      const primaryReads = during[index]!.primary - before[index]!.primary
      const replicaReadsAfter = after[index]!.replicas[0]!.reads - during[index]!.replicas[0]!.reads
      t.ok(primaryReads > 0, `${name} read from the primary while the replica was down (${primaryReads} reads)`)
      t.ok(replicaReadsAfter > 0, `${name} read from the replica again once it was back (${replicaReadsAfter} reads)`)
    }
    t.comment(`replica stopped, restarted and healthy again on both nodes ${backAfter} ms after the stop`)
    const { rows } = await primary.sql('select 1')
    t.equal(rows.length, 1)
    const stored = await fetchIds(primary, acknowledged)
    t.equal(stored, acknowledged.length, `0 of ${acknowledged.length} acknowledged writes lost`)
  })
})

async function fetchIds (primary: PgCluster, ids: number[]): Promise<number> {
  const pg = (await import('pg')).default
  const client = new pg.Client({ connectionString: primary.url(DATABASE) })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from tags where id = any($1::int[])', [ids])
    return rows[0]!.n
  } finally {
    await client.end()
  }
}
