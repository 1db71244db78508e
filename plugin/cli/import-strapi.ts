/** `import:strapi`: copy a Strapi v4 or v5 site into this app's database, then optionally compare reads with it. */
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { databaseOption, load, PLUGIN_TIMEOUT } from './app.js'
import { commandOptions, customFieldsOption, localesOption, MODEL_OPTIONS, required } from './arguments.js'
import type { Io } from './io.js'

export async function importStrapiCommand (args: string[], io: Io, tty: NodeJS.WriteStream | null): Promise<number> {
  const values = commandOptions(args, {
    ...MODEL_OPTIONS,
    from: { type: 'string' },
    uploads: { type: 'string' },
    locales: { type: 'string' },
    check: { type: 'boolean' },
    replace: { type: 'boolean' },
    verify: { type: 'string' }
  })
  const { from, schemas } = required(values, ['from', 'schemas'], 'import:strapi')
  const { openStrapiSource } = await import('../import/open-strapi-source.js')
  const { strapiLocales } = await import('../import/strapi-source.js')
  const progress = await import('../import/import-progress.js')
  let i18n = localesOption('import:strapi', values.locales)
  if (i18n.i18n === undefined) {
    const stagingUrl = databaseOption().database?.url
    const source = await openStrapiSource(from, { ...(stagingUrl === undefined ? {} : { stagingUrl }), tables: ['i18n_locale', 'strapi_core_store_settings'] })
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
  const v5 = report.strapiVersion === 'v5'
  // The verified app grants what Strapi's roles granted, so hidden relations stay hidden; a
  // Strapi 5 site is asked in its own format, entries by documentId.
  const served = Fastify({ logger: { level: 'error' }, pluginTimeout: PLUGIN_TIMEOUT })
  await served.register(contentApi, { ...options, ...(v5 ? { apiFormat: 'v5' as const } : {}), permissions: { jwtSecret: secret, roles: report.permissions } })
  await served.ready()
  try {
    const { httpAnswers, verifyReadList, verifyReadListV5, verifyReads } = await import('../import/verify-reads.js')
    const { registry, db } = served.contentApi
    const answers = {
      strapi: httpAnswers(values.verify),
      ours: async (url: string) => {
        const response = await served.inject(url)
        return { status: response.statusCode, body: response.json() }
      }
    }
    let verified
    if (v5) {
      const documents = new Map<string, Array<{ documentId: string, locale: string | null }>>()
      for (const model of registry.contentTypes.values()) {
        if (model.single) continue
        const locale = model.localized ? 'locale' : 'null::text'
        const rows = await db.query(`select document_id, ${locale} as locale from "${model.table}" group by document_id, ${locale} order by min(id) limit 20`, [])
        documents.set(model.uid, rows.map(row => ({ documentId: String(row.document_id), locale: row.locale === null ? null : String(row.locale) })))
      }
      const { counts, reads } = verifyReadListV5(registry, { documents, locales: i18n.i18n?.locales ?? null })
      verified = await verifyReads({ counts, reads, format: 'v5', ...answers })
    } else {
      const ids = new Map<string, number[]>()
      for (const model of registry.contentTypes.values()) {
        const rows = await db.query(`select id from "${model.table}" order by id limit 20`, [])
        ids.set(model.uid, rows.map(row => Number(row.id)))
      }
      verified = await verifyReads({ reads: verifyReadList(registry, ids), ...answers })
    }
    io.out(progress.verifySummary(verified))
    return verified.differences.length === 0 ? 0 : 1
  } finally {
    await served.close()
  }
}
