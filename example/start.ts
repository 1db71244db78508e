/**
 * `npm start`: the example magazine on the embedded database (PGlite in ./.data, or the
 * folder named by CONTENT_API_DATA_DIR), or on PostgreSQL when DATABASE_URL is set.
 * Seeds on first start, then prints a few requests to try.
 */
import { fileURLToPath } from 'node:url'
import Fastify from 'fastify'
import contentApi, { contentApiServerOptions } from '../plugin/index.js'
import { seed } from './seed.js'

// This file runs as dist/example/start.js and the build does not copy the JSON schema
// files to dist/, so the content folder is found from the repository root.
const schemas = fileURLToPath(new URL('../../example/content', import.meta.url))

const port = Number(process.env['PORT'] ?? 1337)
const host = process.env['HOST'] ?? '127.0.0.1'
const databaseUrl = process.env['DATABASE_URL']

// Warnings only by default: the seed's requests at 'info' would bury the URLs printed below.
// LOG_LEVEL=info shows every request. The first start creates the tables in the embedded
// database, which can take longer than Fastify's default 10 s plugin timeout on a busy machine.
const app = Fastify({ ...contentApiServerOptions, logger: { level: process.env['LOG_LEVEL'] ?? 'warn' }, pluginTimeout: 120_000 })

await app.register(contentApi, {
  schemas,
  ...(databaseUrl !== undefined && databaseUrl !== '' ? { database: { url: databaseUrl } } : {}),
  // The homepage single type is localized: one entry per locale (`?locale=fr`).
  i18n: { locales: ['en', 'fr'], defaultLocale: 'en' },
  // Strapi's GraphQL API at /graphql, with GraphiQL at /graphql/graphiql (docs/graphql.md).
  graphql: { landingPage: true },
  // The admin panel at /admin and its API (docs/admin-api.md): the first visit registers the
  // first Super Admin. ADMIN_JWT_SECRET keeps admin tokens valid across restarts.
  admin: { enabled: true },
  controllers: {
    // Articles set options.populateCreatorFields: the list also carries createdBy/updatedBy
    // (docs/access-control.md, 'Admin users and creator fields'), filled for entries written with an admin token (POST /admin/login).
    'api::article.article': ({ core }) => ({
      async find (request) { return await core.find(request, { creatorFields: true }) }
    })
  }
})

await seed(app)
await app.listen({ port, host })

const base = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`
const examples = [
  ['List articles', '/api/articles'],
  ['Populate every relation, one level', '/api/articles?populate=*'],
  ['Nested populate (author and their links)', '/api/articles?populate[author][populate][0]=socialLinks'],
  ['Select fields', '/api/articles?fields[0]=title&fields[1]=slug&fields[2]=publishedOn'],
  ['Filter and sort', '/api/articles?filters[category][name][$eq]=Climate&sort[0]=publishedOn:desc'],
  ['Dynamic zone, per component with "on"', '/api/articles/7?populate[blocks][on][blocks.quote][fields][0]=text&populate[blocks][on][blocks.related-articles][populate]=*'],
  ['Components by dotted path', '/api/articles/1?populate[0]=seo&populate[1]=seo.openGraph'],
  ['Drafts too', '/api/articles?publicationState=preview&fields[0]=title'],
  ['A single type, with its other locales in meta.availableLocales', '/api/homepage?populate=*'],
  ['The same in French', '/api/homepage?locale=fr&populate[featured][fields][0]=title']
]
process.stdout.write([
  '',
  `The example magazine is at ${base}/api (embedded database in ${databaseUrl === undefined || databaseUrl === '' ? process.env['CONTENT_API_DATA_DIR'] ?? './.data' : 'DATABASE_URL'}).`,
  `API documentation (try every route in the browser): ${base}/documentation`,
  `GraphQL: ${base}/graphql (GraphiQL: ${base}/graphql/graphiql)`,
  `Admin panel: ${base}/admin (its API: docs/admin-api.md; the first visit creates the first Super Admin)`,
  '',
  'Try:',
  '',
  ...examples.map(([label, path]) => `  # ${label}\n  curl -g '${base}${path}'\n`),
  `Every request is logged with LOG_LEVEL=info. Stop with Ctrl+C. Docs: ${base}/documentation`,
  ''
].join('\n'))

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`)
    app.close().then(() => process.exit(0), (error: unknown) => {
      app.log.error(error)
      process.exit(1)
    })
  })
}
