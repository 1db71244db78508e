import { Writable } from 'node:stream'
import Fastify from 'fastify'
import type { FastifyBaseLogger } from 'fastify'
import t from 'tap'
import { IgnoredKeyLog } from '../../../plugin/routes/ignored-key-log.js'
import type { IgnoredKey } from '../../../plugin/query/leniency.js'

/** Fastify's own logger, writing its JSON lines where the test reads them. */
function logger (): { log: FastifyBaseLogger, lines: Array<Record<string, any>> } {
  const lines: Array<Record<string, any>> = []
  const stream = new Writable({ write (chunk: Buffer, _encoding, done) { lines.push(JSON.parse(chunk.toString()) as Record<string, any>); done() } })
  return { log: Fastify({ logger: { level: 'warn', stream } }).log, lines }
}

const key = (name: string, model = 'api::article.article'): IgnoredKey => ({ model, name, key: 'populate[0]', reason: 'not an attribute' })

t.test('each model and name is logged once, as a warning naming it', async t => {
  const { log, lines } = logger()
  const ignored = new IgnoredKeyLog()
  ignored.warn(log, key('image'))
  ignored.warn(log, { ...key('image'), key: 'populate[image]' })
  ignored.warn(log, key('image', 'api::author.author'))
  t.equal(lines.length, 2)
  t.match(lines[0], { level: 40, ignoredQueryKey: { name: 'image', model: 'api::article.article' }, msg: /ignored populate\[0\] \(image on api::article\.article: not an attribute\)/ })
  t.match(lines[1], { ignoredQueryKey: { model: 'api::author.author' } })
})

t.test('bounded: past the cap one last warning, then silence', async t => {
  const { log, lines } = logger()
  const ignored = new IgnoredKeyLog(3)
  for (const name of ['a', 'b', 'c', 'd', 'e', 'a']) ignored.warn(log, key(name))
  t.same(lines.map(line => line.ignoredQueryKey?.name ?? null), ['a', 'b', 'c', null])
  t.match(lines[3], { msg: /3 distinct ignored query keys logged; further ones are not/ })
})
