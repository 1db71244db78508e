/**
 * The response cache's physical limit: bare Fastify answering each path with bytes it was
 * given at start (the cache-on plugin's answers, read once by the runner), with no database,
 * no plugin and no lookup beyond Fastify's router. What a cache hit could at best cost on this
 * machine; `npm run bench:cache` measures it beside the two plugin servers.
 *
 * BENCH_REPLAY_FILE names a JSON file of `{ path, body }` (the runner writes it; a body can
 * be larger than an environment variable may hold).
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import { requireEnv, runServer, serveBenchmark } from './child.js'

export interface ReplayedAnswer {
  /** Path and query string, as the benchmark requests it. */
  path: string
  body: string
}

runServer(async () => {
  const answers = JSON.parse(readFileSync(requireEnv('BENCH_REPLAY_FILE'), 'utf8')) as ReplayedAnswer[]
  // Kept as bytes, as the plugin keeps a rendered answer (routes/rendered-answers.ts): a string would be encoded on every send.
  const bodies = new Map(answers.map(answer => [answer.path, Buffer.from(answer.body)]))
  const app = Fastify({ logger: false })
  // One catch-all route: looking the path up in a Map is the least a cache can do per request.
  app.get('/*', async (request, reply) => {
    const body = bodies.get(request.url)
    return body === undefined ? await reply.status(404).send() : await reply.type('application/json; charset=utf-8').send(body)
  })
  await serveBenchmark(app, { count: () => null, reset: () => {} })
})
