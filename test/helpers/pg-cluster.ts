/**
 * A PostgreSQL cluster of a test's own: `initdb` into a temp folder, started with `pg_ctl`
 * on a free loopback port, so a test can restart it, stop it or kill its sessions without
 * touching the machine's server. Needs the PostgreSQL server binaries (`PG_BIN`, or the
 * newest /usr/lib/postgresql/<version>/bin). As root, the cluster runs as `postgres`.
 */
import { execFile } from 'node:child_process'
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

export interface PgCluster {
  port: number
  dir: string
  /** Connection string of database `name` on this cluster. */
  url: (name?: string) => string
  start: () => Promise<void>
  stop: () => Promise<void>
  restart: () => Promise<void>
  /** Runs one statement as the superuser on the `postgres` database. */
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>
  /** Ends every session of database `name` but the caller's; returns how many. */
  terminateSessions: (name: string) => Promise<number>
  destroy: () => Promise<void>
}

export async function postgresBinaries (): Promise<string | null> {
  if (process.env.PG_BIN !== undefined && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = (await readdir(root)).sort((a, b) => Number(b) - Number(a))
  const found = versions.map(version => join(root, version, 'bin')).find(bin => existsSync(join(bin, 'initdb')))
  return found ?? null
}

export async function freePort (): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => { resolve(typeof address === 'object' && address !== null ? address.port : 0) })
    })
  })
}

export interface ClusterOptions {
  /** Make a streaming replica of this cluster (`pg_basebackup -R`) instead of a new cluster. */
  replicaOf?: PgCluster
}

export async function createCluster (options: ClusterOptions = {}): Promise<PgCluster> {
  const bin = await postgresBinaries()
  if (bin === null) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: set PG_BIN')
  const asRoot = process.getuid?.() === 0
  const dir = await mkdtemp(join(tmpdir(), 'fca-pg-'))
  if (asRoot) await chown(dir, ...(await postgresIds()))
  const data = join(dir, 'data')
  const port = await freePort()
  const tool = async (name: string, args: string[]): Promise<void> => {
    const command = join(bin, name)
    if (asRoot) await run('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: dir })
    else await run(command, args, { cwd: dir })
  }
  if (options.replicaOf === undefined) {
    await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'])
  } else {
    await tool('pg_basebackup', ['-D', data, '-h', '127.0.0.1', '-p', String(options.replicaOf.port), '-U', 'postgres', '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'])
  }
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=60`
  const start = async (): Promise<void> => { await tool('pg_ctl', ['-D', data, '-o', serverOptions, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']) }
  const stop = async (): Promise<void> => { await tool('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']) }
  await start()
  const url = (name = 'postgres'): string => `postgresql://postgres@127.0.0.1:${port}/${name}`
  const sql = async (text: string, values: unknown[] = []): Promise<pg.QueryResult> => {
    const client = new pg.Client({ connectionString: url() })
    await client.connect()
    try { return await client.query(text, values) } finally { await client.end() }
  }
  return {
    port,
    dir,
    url,
    start,
    stop,
    restart: async () => { await stop(); await start() },
    sql,
    terminateSessions: async (name) => {
      const result = await sql('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
      return result.rows.filter(row => row.ended === true).length
    },
    destroy: async () => {
      await stop().catch(() => {})
      await rm(dir, { recursive: true, force: true })
    }
  }
}

async function postgresIds (): Promise<[number, number]> {
  const { stdout: uid } = await run('id', ['-u', 'postgres'])
  const { stdout: gid } = await run('id', ['-g', 'postgres'])
  return [Number(uid.trim()), Number(gid.trim())]
}
