/**
 * The tests' databases on the DATABASE_URL server (CI sets it; without it the tests run on
 * PGlite and nothing here is used). Each test still gets a real, fresh database of its own:
 * an empty one, or a copy (`CREATE DATABASE … TEMPLATE`) of the template of its schema. A
 * template is built once per `tap` run, by the plugin's own code, in a database nobody else
 * uses; copying it costs a fraction of building the schema again, and the plugin's start-up
 * schema check still runs on the copy (and finds nothing to change).
 *
 * Every database of one run is named `fca_t_<run>_…`, `<run>` being the tap runner's process
 * (the test's own when a file runs alone), so the run's cleanup drops all that the run left
 * (its templates, and the copies of a test file that died before its teardown) and never a
 * database of another run on the same server. A template's name ends in a hash of what its
 * schema is made from and of the plugin's code, so a template is never used for another
 * schema, nor after a change to the code that builds it.
 */
import { createHash, randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

export interface ServerDatabase {
  /** Undefined without DATABASE_URL: the caller opens PGlite instead. */
  url: string | undefined
  drop: () => Promise<void>
}

export interface SchemaTemplate {
  /** What the schema is made from (a registry, a dump's contents…): equal descriptions, one template. */
  description: unknown
  /** Builds the schema in the empty database at `url` and closes every connection to it. */
  build: (url: string) => Promise<void>
}

const PLUGIN_FOLDER = new URL('../../plugin/', import.meta.url).pathname
const MIKRO_ORM_FOLDER = new URL('../../node_modules/@mikro-orm/', import.meta.url).pathname

export function serverUrl (): string | undefined {
  const url = process.env.DATABASE_URL
  return url === undefined || url === '' ? undefined : url
}

/**
 * The run a database belongs to: the tap runner (the parent of every test file's process and
 * of its `after` script), or this process when a test file runs on its own. The host is part
 * of it because runners on two machines may share one server.
 */
export function runName (processId: number = process.env.TAP_CHILD_ID === undefined ? process.pid : process.ppid): string {
  return `${createHash('sha1').update(hostname()).digest('hex').slice(0, 6)}${processId}`
}

function databaseUrl (name: string): string {
  const url = new URL(serverUrl()!)
  url.pathname = `/${name}`
  return url.toString()
}

export async function withServer<T> (work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() })
  await client.connect()
  try { return await work(client) } finally { await client.end() }
}

async function created (name: string, template?: string): Promise<ServerDatabase> {
  await withServer(async (client) => { await client.query(`create database ${name}${template === undefined ? '' : ` template ${template}`}`) })
  return {
    url: databaseUrl(name),
    drop: async () => { await withServer(async (client) => { await client.query(`drop database if exists ${name} with (force)`) }) }
  }
}

function freshName (): string {
  return `fca_t_${runName()}_${randomBytes(6).toString('hex')}`
}

/** A new empty database (none without DATABASE_URL). */
export async function freshDatabase (): Promise<ServerDatabase> {
  if (serverUrl() === undefined) return { url: undefined, drop: async () => {} }
  if (process.env.TAP_CHILD_ID === undefined) dropRunOnExit()
  return await created(freshName())
}

/** A new database holding exactly what `template.build` builds (none without DATABASE_URL). */
export async function templateCopy (template: SchemaTemplate): Promise<ServerDatabase> {
  if (serverUrl() === undefined) return { url: undefined, drop: async () => {} }
  if (process.env.TAP_CHILD_ID === undefined) dropRunOnExit()
  const name = `fca_t_${runName()}_tpl_${createHash('sha256').update(canonical(template.description)).update(codeHash()).digest('hex').slice(0, 20)}`
  let ready = templates.get(name)
  if (ready === undefined) {
    ready = ensureTemplate(name, template.build)
    templates.set(name, ready)
    // A template that failed to build is tried again by the next test that needs it.
    ready.catch(() => { templates.delete(name) })
  }
  await ready
  return await created(freshName(), name)
}

const templates = new Map<string, Promise<void>>()

/**
 * Built under an advisory lock, so the test files tap runs side by side build each template
 * once, and under another name, renamed when complete: a template that exists is whole.
 */
async function ensureTemplate (name: string, build: (url: string) => Promise<void>): Promise<void> {
  await withServer(async (client) => {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name])
    try {
      if ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1) return
      // Left by a process of this run that died while building: nobody is using it.
      const building = `${name}_b`
      await client.query(`drop database if exists ${building} with (force)`)
      await client.query(`create database ${building}`)
      try {
        await build(databaseUrl(building))
        await client.query(`alter database ${building} rename to ${name}`)
      } catch (error) {
        await client.query(`drop database if exists ${building} with (force)`)
        throw error
      }
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name])
    }
  })
}

/** Drops every database of the run `run` (see `runName`); for when all of the run's tests have ended. */
export async function dropRunDatabases (run: string): Promise<string[]> {
  if (serverUrl() === undefined) return []
  return await withServer(async (client) => {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like 'fca\\_t\\_' || $1 || '\\_%' order by 1", [run])
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`)
    return rows.map(row => row.datname)
  })
}

let dropping = false

/** A test file run on its own (no tap runner, no `after` script) drops its run's databases as it ends. */
function dropRunOnExit (): void {
  if (dropping) return
  dropping = true
  process.once('beforeExit', () => { void dropRunDatabases(runName()) })
}

/** JSON with sorted keys, maps as lists of entries; functions are left out. */
function canonical (value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'function') return undefined
    if (item instanceof Map) return [...item]
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item
    return Object.fromEntries(Object.entries(item).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0))
  })
}

/** The contents of every file under `folder`, with their paths: the same files, the same hash. */
function folderHash (folder: string): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(folder, { recursive: true, withFileTypes: true }).filter(entry => entry.isFile()).map(entry => join(entry.parentPath, entry.name)).sort()) {
    hash.update(file.slice(folder.length)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

let code: string | undefined

/** The plugin's sources and the ORM's versions: any change to what builds a schema makes new templates. */
function codeHash (): string {
  code ??= createHash('sha256').update(folderHash(PLUGIN_FOLDER))
    .update(readdirSync(MIKRO_ORM_FOLDER).sort().map(name => `${name}@${(JSON.parse(readFileSync(join(MIKRO_ORM_FOLDER, name, 'package.json'), 'utf8')) as { version: string }).version}`).join(','))
    .digest('hex')
  return code
}
