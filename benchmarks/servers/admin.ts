/**
 * The admin benchmark's server (benchmarks/admin.ts): the plugin on the example model with the
 * admin API on, against the benchmark database on PostgreSQL, logger off. With
 * BENCH_COUNT_STATEMENTS=1 it counts every SQL statement it sends (the runner's probe instance).
 */
import Fastify from 'fastify'
import contentApi from '../../plugin/index.js'
import { EXAMPLE_SCHEMAS } from '../config.js'
import { requireEnv, runServer, serveBenchmark } from './child.js'

runServer(async () => {
  const counting = process.env.BENCH_COUNT_STATEMENTS === '1'
  let statements = 0
  const app = Fastify({ logger: false })
  await app.register(contentApi, {
    schemas: EXAMPLE_SCHEMAS,
    admin: { enabled: true, jwtSecret: requireEnv('BENCH_ADMIN_JWT_SECRET') },
    docs: false,
    database: {
      url: requireEnv('BENCH_DATABASE_URL'),
      poolSize: Number(requireEnv('BENCH_POOL_SIZE')),
      ...(counting ? { onQuery: () => { statements += 1 } } : {})
    }
  })
  await serveBenchmark(app, { count: () => counting ? statements : null, reset: () => { statements = 0 } })
})
