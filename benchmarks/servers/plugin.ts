/**
 * Server (a): Fastify with the plugin on the example model, against the benchmark database
 * on PostgreSQL (never PGlite), logger off. With BENCH_COUNT_STATEMENTS=1 every SQL
 * statement the plugin sends is counted through its `database.onQuery` option; the runner
 * starts a second instance that way for the statement probe, so the timed instance never
 * pays for MikroORM's query logging. With BENCH_RESPONSE_CACHE=1 the response cache is on.
 * The content is also served in Strapi v5's format at V5_PREFIX (`alsoServe`), and through GraphQL.
 */
import Fastify from 'fastify'
import contentApi from '../../plugin/index.js'
import { EXAMPLE_SCHEMAS, V5_PREFIX } from '../config.js'
import { requireEnv, runServer, serveBenchmark } from './child.js'

runServer(async () => {
  const counting = process.env.BENCH_COUNT_STATEMENTS === '1'
  let statements = 0
  const app = Fastify({ logger: false })
  const responseCache = process.env.BENCH_RESPONSE_CACHE === '1'
  await app.register(contentApi, {
    schemas: EXAMPLE_SCHEMAS,
    // v4 at /api, Strapi v5's format over the same rows for the v5 twins of the reads.
    alsoServe: { apiFormat: 'v5', prefix: V5_PREFIX },
    // The GraphQL twins of the reads (persisted queries off: the twins send their text).
    graphql: { persistedQueries: false },
    ...(responseCache ? { cache: { responses: {} } } : {}),
    database: {
      url: requireEnv('BENCH_DATABASE_URL'),
      poolSize: Number(requireEnv('BENCH_POOL_SIZE')),
      ...(counting ? { onQuery: () => { statements += 1 } } : {})
    }
  })
  await serveBenchmark(app, { count: () => counting ? statements : null, reset: () => { statements = 0 } })
})
