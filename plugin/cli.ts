#!/usr/bin/env node
/**
 * fastify-content-api CLI: serve a schema folder without writing a host app, and create
 * admin users. `main` returns the exit code so it can be tested without spawning a process.
 */
import { randomBytes } from 'node:crypto'
import { realpathSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { ApiError } from './errors.js'
import { contentApiServerOptions } from './routes/client-errors.js'
import { resolveLocaleSettings } from './i18n/locale-settings.js'
import type { I18nOptions } from './i18n/locale-settings.js'

const USAGE = `Usage: fastify-content-api <command> [options]

Commands:
  serve          Serve the content API for a folder of Strapi v4 schema files
                   --schemas DIR    folder with content-types/*.json and components/<category>/*.json
                                    (a Strapi project's src/ layout works too)   [required]
                   --port N         port to listen on                            [default: 1337]
                   --host H         address to listen on                         [default: 127.0.0.1]
                   --permissions F  JSON file { "roles": { ... } } turning access control on
                                    (needs JWT_SECRET)                           [optional]
                   --locales L      i18n locales, comma-separated, the first the default
                                    (e.g. en,fr,de)                              [optional]
                   --custom-fields C  custom fields beyond the known ones and the type each
                                    stores, e.g. plugin::star-rating.stars=integer,global::mood=string
                                                                                 [optional]
  import:strapi  Copy a Strapi v4 site into this app's database (ids, order, drafts, locales,
                 media, users, admin users); Strapi's database is only read
                   --from URL       Strapi's PostgreSQL connection string        [required]
                   --schemas DIR    Strapi's src/ (or a schema folder)           [required]
                   --uploads DIR    Strapi's public/uploads, copied to storage   [optional]
                   --locales L      as for serve                    [default: Strapi's locales]
                   --check          report what would be imported, write nothing
                   --replace        replace the content of a non-empty database
                   --verify URL     afterwards, compare reads with the Strapi at URL
                   --custom-fields C  as for serve                               [optional]
  types          Write TypeScript declarations of every content type and component
                   --schemas DIR    the schema folder                           [required]
                   --out FILE       file to write                                [default: stdout]
                   --locales L      as for serve, so localized types get locale  [optional]
                   --custom-fields C  as for serve                               [optional]
  admin:create   Create an admin user (used for createdBy/updatedBy)
                   --email E --firstname F --lastname L --password P            [all required]
                   --schemas DIR    the schema folder of the served app          [optional]
                   --custom-fields C  as for serve                               [optional]
  tokens:create  Create an API token; its key is printed once and stored only as a hash
                   --schemas DIR    the schema folder of the served app          [required]
                   --name N         a unique name                                [required]
                   --type T         read-only, full-access or custom             [required]
                   --permissions J  for custom: JSON { "<uid>": ["find", ...] }  [optional]
                   --lifespan-days D  days until it expires                      [default: never]
                   --custom-fields C  as for serve                               [optional]

Environment:
  DATABASE_URL          PostgreSQL connection string; unset: embedded PGlite in ./.data
  CONTENT_API_DATA_DIR  folder of the embedded database                          [default: ./.data]
  JWT_SECRET            secret of user JWTs and API token hashes (serve --permissions, tokens:create)

Options:
  -h, --help     show this help
`

/** A mistake in the command line: printed with a pointer to --help, exit code 2. */
class UsageError extends Error {}

interface Io {
  out: (text: string) => void
  err: (text: string) => void
}

const defaultIo: Io = {
  out: (text) => { process.stdout.write(text) },
  err: (text) => { process.stderr.write(text) }
}

/** The first start creates the tables; on the embedded database that can pass Fastify's 10 s default. */
const PLUGIN_TIMEOUT = 120_000

/** Loaded on demand, so `--help` and usage errors answer at once. */
async function load (): Promise<{ Fastify: typeof import('fastify').default, contentApi: typeof import('./index.js').default }> {
  const [{ default: Fastify }, { default: contentApi }] = await Promise.all([import('fastify'), import('./index.js')])
  return { Fastify, contentApi }
}

function databaseOption (): { database?: { url: string } } {
  const url = process.env['DATABASE_URL']
  return url !== undefined && url !== '' ? { database: { url } } : {}
}

function required<K extends string> (values: Partial<Record<string, string | boolean>>, names: K[], command: string): Record<K, string> {
  const missing = names.filter((name) => typeof values[name] !== 'string' || values[name] === '')
  if (missing.length > 0) {
    throw new UsageError(`${command}: missing ${missing.map((name) => `--${name}`).join(', ')}`)
  }
  return Object.fromEntries(names.map((name) => [name, values[name]])) as Record<K, string>
}

function parsePort (text: string): number {
  const port = Number(text)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`serve: --port must be an integer from 0 to 65535, got "${text}"`)
  return port
}

function jwtSecret (command: string): string {
  const secret = process.env['JWT_SECRET']
  if (secret === undefined || secret === '') throw new UsageError(`${command}: set JWT_SECRET (at least 16 characters)`)
  return secret
}

async function permissionsOption (file: string | undefined): Promise<{ permissions?: { jwtSecret: string, roles: Record<string, Record<string, string[]>> } }> {
  if (file === undefined) return {}
  const { readFile } = await import('node:fs/promises')
  const parsed = JSON.parse(await readFile(resolve(file), 'utf8')) as { roles?: Record<string, Record<string, string[]>> }
  return { permissions: { jwtSecret: jwtSecret('serve'), roles: parsed.roles ?? {} } }
}

/** `--locales en,fr` → the i18n option (the first locale is the default one). */
function localesOption (command: string, text: string | undefined): { i18n?: I18nOptions } {
  if (text === undefined) return {}
  const resolved = resolveLocaleSettings({ locales: text.split(',').map(locale => locale.trim()) })
  if (!resolved.ok) throw new UsageError(`${command}: --locales: ${resolved.problem}`)
  return { i18n: { locales: [...resolved.value!.locales] } }
}

/** `--custom-fields plugin::a.b=string,global::c=json` → the customFields option (the plugin checks the types). */
function customFieldsOption (command: string, text: string | undefined): { customFields?: Record<string, string> } {
  if (text === undefined) return {}
  const customFields: Record<string, string> = {}
  for (const pair of text.split(',').map(part => part.trim()).filter(part => part !== '')) {
    const match = /^([^=\s]+)=([a-z]+)$/.exec(pair)
    if (match === null) throw new UsageError(`${command}: --custom-fields: "${pair}" must look like plugin::color-picker.color=string`)
    customFields[match[1]!] = match[2]!
  }
  return { customFields }
}

async function serve (args: string[]): Promise<FastifyInstance> {
  const { values } = parseArgs({
    args,
    options: {
      schemas: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      permissions: { type: 'string' },
      locales: { type: 'string' },
      'custom-fields': { type: 'string' }
    },
    strict: true,
    allowPositionals: false
  })
  const { schemas } = required(values, ['schemas'], 'serve')
  const port = parsePort(values.port ?? '1337')
  const i18n = localesOption('serve', values.locales)

  const { Fastify, contentApi } = await load()
  const app = Fastify({ ...contentApiServerOptions, logger: { level: 'info' }, pluginTimeout: PLUGIN_TIMEOUT })
  const customFields = customFieldsOption('serve', values['custom-fields'])
  await app.register(contentApi, { schemas: resolve(schemas), ...databaseOption(), ...i18n, ...customFields, ...await permissionsOption(values.permissions) })
  await app.listen({ port, host: values.host ?? '127.0.0.1' })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(() => process.exit(0), () => process.exit(1))
    })
  }
  return app
}

interface AdminUserInput { email: string, firstname: string, lastname: string, password: string }
interface AdminDecoration { createUser?: (user: AdminUserInput) => Promise<unknown> }

async function adminCreate (args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      firstname: { type: 'string' },
      lastname: { type: 'string' },
      password: { type: 'string' },
      schemas: { type: 'string' },
      'custom-fields': { type: 'string' }
    },
    strict: true,
    allowPositionals: false
  })
  const user: AdminUserInput = required(values, ['email', 'firstname', 'lastname', 'password'], 'admin:create')

  const { Fastify, contentApi } = await load()
  const app = Fastify({ logger: { level: 'error' }, pluginTimeout: PLUGIN_TIMEOUT })
  // Admin users live in their own table, so no content model is needed to create one.
  const model = values.schemas !== undefined ? { schemas: resolve(values.schemas) } : { contentTypes: {}, components: {} }
  await app.register(contentApi, { ...model, ...databaseOption(), ...customFieldsOption('admin:create', values['custom-fields']) })
  await app.ready()
  try {
    const admin = (app as unknown as { contentApi?: { admin?: AdminDecoration } }).contentApi?.admin
    if (typeof admin?.createUser !== 'function') {
      io.err('admin:create: this build of fastify-content-api has no admin users yet (app.contentApi.admin.createUser is missing)\n')
      return 1
    }
    await admin.createUser(user)
    io.out(`Admin user ${user.email} created\n`)
    return 0
  } finally {
    await app.close()
  }
}

async function importStrapiCommand (args: string[], io: Io, tty: NodeJS.WriteStream | null): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      schemas: { type: 'string' },
      uploads: { type: 'string' },
      locales: { type: 'string' },
      check: { type: 'boolean' },
      replace: { type: 'boolean' },
      verify: { type: 'string' },
      'custom-fields': { type: 'string' }
    },
    strict: true,
    allowPositionals: false
  })
  const { from, schemas } = required(values, ['from', 'schemas'], 'import:strapi')
  const { openStrapiSource, strapiLocales } = await import('./import/strapi-source.js')
  const progress = await import('./import/import-progress.js')
  let i18n = localesOption('import:strapi', values.locales)
  if (i18n.i18n === undefined) {
    const source = await openStrapiSource(from)
    try {
      const locales = await strapiLocales(source)
      if (locales !== null) i18n = { i18n: { locales } }
    } finally { await source.close() }
  }
  const { Fastify, contentApi } = await load()
  // Access control on (with no role granted) so users and roles have tables to land in.
  const secret = process.env['JWT_SECRET'] ?? randomBytes(32).toString('hex')
  const options = { schemas: resolve(schemas), ...databaseOption(), ...i18n, ...customFieldsOption('import:strapi', values['custom-fields']), docs: false as const }
  const app = Fastify({ logger: { level: 'error' }, pluginTimeout: PLUGIN_TIMEOUT })
  await app.register(contentApi, { ...options, permissions: { jwtSecret: secret, roles: {} } })
  await app.ready()
  const view = tty !== null ? progress.terminalProgress(tty) : progress.lineProgress(io.err)
  let report
  try {
    report = await app.contentApi.importStrapi({
      from,
      ...(values.uploads === undefined ? {} : { uploads: resolve(values.uploads) }),
      check: values.check === true,
      replace: values.replace === true,
      onProgress: view.listener
    })
  } finally {
    view.stop()
    await app.close()
  }
  io.out(progress.importSummary(report))
  if (report.outcome === 'refused') return 1
  if (values.verify === undefined) return 0
  // The verified app grants what Strapi's roles granted, so hidden relations stay hidden.
  const served = Fastify({ logger: { level: 'error' }, pluginTimeout: PLUGIN_TIMEOUT })
  await served.register(contentApi, { ...options, permissions: { jwtSecret: secret, roles: report.permissions } })
  await served.ready()
  try {
    const { httpAnswers, verifyReadList, verifyReads } = await import('./import/verify-reads.js')
    const ids = new Map<string, number[]>()
    for (const model of served.contentApi.registry.contentTypes.values()) {
      const rows = await served.contentApi.db.query(`select id from "${model.table}" order by id limit 20`, [])
      ids.set(model.uid, rows.map(row => Number(row.id)))
    }
    const verified = await verifyReads({
      reads: verifyReadList(served.contentApi.registry, ids),
      strapi: httpAnswers(values.verify),
      ours: async (url) => {
        const response = await served.inject(url)
        return { status: response.statusCode, body: response.json() }
      }
    })
    io.out(progress.verifySummary(verified))
    return verified.differences.length === 0 ? 0 : 1
  } finally {
    await served.close()
  }
}

const TOKEN_TYPES = ['read-only', 'full-access', 'custom'] as const

async function tokensCreate (args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      schemas: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      permissions: { type: 'string' },
      'lifespan-days': { type: 'string' },
      'custom-fields': { type: 'string' }
    },
    strict: true,
    allowPositionals: false
  })
  const { schemas, name, type } = required(values, ['schemas', 'name', 'type'], 'tokens:create')
  if (!(TOKEN_TYPES as readonly string[]).includes(type)) throw new UsageError(`tokens:create: --type must be one of ${TOKEN_TYPES.join(', ')}`)
  const lifespan = values['lifespan-days'] === undefined ? undefined : Number(values['lifespan-days'])
  if (lifespan !== undefined && !(lifespan > 0)) throw new UsageError('tokens:create: --lifespan-days must be a positive number')
  let permissions: Record<string, string[]> | undefined
  try {
    permissions = values.permissions === undefined ? undefined : JSON.parse(values.permissions) as Record<string, string[]>
  } catch {
    throw new UsageError('tokens:create: --permissions must be JSON like {"api::article.article":["find"]}')
  }
  const secret = jwtSecret('tokens:create')
  const { Fastify, contentApi } = await load()
  const app = Fastify({ logger: { level: 'error' }, pluginTimeout: PLUGIN_TIMEOUT })
  const customFields = customFieldsOption('tokens:create', values['custom-fields'])
  await app.register(contentApi, { schemas: resolve(schemas), ...databaseOption(), ...customFields, permissions: { jwtSecret: secret }, docs: false })
  await app.ready()
  try {
    const token = await app.contentApi.apiTokens!.create({
      name,
      type: type as typeof TOKEN_TYPES[number],
      ...(permissions === undefined ? {} : { permissions }),
      ...(lifespan === undefined ? {} : { lifespanDays: lifespan })
    })
    io.out(`API token "${token.name}" (${token.type}) created. Its key, shown only now:\n${token.accessKey}\n`)
    return 0
  } finally {
    await app.close()
  }
}

async function types (args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { schemas: { type: 'string' }, out: { type: 'string' }, locales: { type: 'string' }, 'custom-fields': { type: 'string' } },
    strict: true,
    allowPositionals: false
  })
  const { schemas } = required(values, ['schemas'], 'types')
  const { i18n } = localesOption('types', values.locales)
  const { schemaFolderTypes } = await import('./typegen/schema-folder-types.js')
  const source = await schemaFolderTypes(resolve(schemas), {
    i18n: i18n === undefined ? null : { locales: i18n.locales, defaultLocale: i18n.locales[0]! },
    ...customFieldsOption('types', values['custom-fields'])
  })
  if (values.out === undefined) {
    io.out(source)
    return 0
  }
  const out = resolve(values.out)
  await mkdir(dirname(out), { recursive: true })
  await writeFile(out, source)
  io.err(`TypeScript declarations written to ${out}\n`)
  return 0
}

/** Runs one command line; resolves to the process exit code (serve keeps running and resolves 0). */
export async function main (argv: string[], io: Io = defaultIo): Promise<number> {
  const [command, ...rest] = argv
  try {
    if (command === undefined || command === '') throw new UsageError('missing command')
    if (command === '-h' || command === '--help' || command === 'help' || rest.includes('--help') || rest.includes('-h')) {
      io.out(USAGE)
      return 0
    }
    switch (command) {
      case 'serve':
        await serve(rest)
        return 0
      case 'types':
        return await types(rest, io)
      case 'admin:create':
        return await adminCreate(rest, io)
      case 'tokens:create':
        return await tokensCreate(rest, io)
      case 'import:strapi':
        return await importStrapiCommand(rest, io, io === defaultIo && process.stderr.isTTY ? process.stderr : null)
      default:
        throw new UsageError(`unknown command "${command}" (expected serve, types, admin:create, tokens:create or import:strapi)`)
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`fastify-content-api: ${(error as Error).message}\nRun "fastify-content-api --help" for usage.\n`)
      return 2
    }
    // A bad option or schema names the file and attribute, and an API error (a duplicate
    // admin email) says what is wrong: the message is enough.
    const expected = error instanceof ApiError || (error instanceof Error && ['OptionsError', 'SchemaError', 'StrapiSourceError'].includes(error.name))
    const text = error instanceof Error ? (expected ? error.message : (error.stack ?? error.message)) : String(error)
    io.err(`${text.startsWith('fastify-content-api') ? '' : 'fastify-content-api: '}${text}\n`)
    return 1
  }
}

function invokedDirectly (): boolean {
  const entry = process.argv[1]
  if (entry === undefined) return false
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

if (invokedDirectly()) {
  const code = await main(process.argv.slice(2))
  if (code !== 0) process.exit(code)
}
