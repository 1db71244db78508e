/**
 * Server (c), optional: the plugin's own query compilers and runtime MikroORM entities,
 * but each read answered through `em.find` (a fresh fork per request) and assembled in JS
 * instead of the compiled statement: what the compiled read path is compared against.
 */
import Fastify from 'fastify'
import contentApi from '../../plugin/index.js'
import { compileEntryQuery, compileListQuery } from '../../plugin/query/compile-query.js'
import { parseQueryString } from '../../plugin/query/parse.js'
import { EXAMPLE_SCHEMAS } from '../config.js'
import { UnsupportedQuery, findEntry, findList } from '../orm-find/assemble.js'
import { requireEnv, runServer, serveBenchmark } from './child.js'

const PAGE_SIZES = { defaultPageSize: 25, maxPageSize: 100 }

runServer(async () => {
  const app = Fastify({ logger: false })
  await app.register(contentApi, {
    schemas: EXAMPLE_SCHEMAS,
    database: { url: requireEnv('BENCH_DATABASE_URL'), poolSize: Number(requireEnv('BENCH_POOL_SIZE')) }
  })
  const { registry, orm } = app.contentApi
  const json = 'application/json; charset=utf-8'
  const rawQuery = (url: string): Record<string, unknown> => url.includes('?') ? parseQueryString(url.slice(url.indexOf('?') + 1)) : {}

  app.get('/orm-find/:plural/:id?', async (request, reply) => {
    const { plural, id } = request.params as { plural: string, id?: string }
    const model = registry.byPluralName(plural)
    if (model === undefined) return await reply.status(404).send()
    const raw = rawQuery(request.url)
    try {
      if (id === undefined) {
        const tree = compileListQuery(registry, model, raw, PAGE_SIZES)
        return await reply.type(json).send(await findList({ em: orm.em.fork(), registry, publicationState: tree.publicationState }, model, tree))
      }
      const query = compileEntryQuery(registry, model, raw)
      const body = await findEntry({ em: orm.em.fork(), registry, publicationState: query.publicationState }, model, Number(id), query)
      return body === null ? await reply.status(404).send() : await reply.type(json).send(body)
    } catch (error) {
      if (error instanceof UnsupportedQuery) return await reply.status(501).send({ error: `not implemented for em.find: ${error.message}` })
      throw error
    }
  })
  await serveBenchmark(app, { count: () => null, reset: () => {} })
})
