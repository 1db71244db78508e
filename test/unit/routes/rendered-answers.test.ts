/**
 * Entry answers kept by compiled query object and id (routes/rendered-answers): the same
 * text is sent as the same kept answer without being built again, changed text never is,
 * and the bounds hold (past them every kept entry answer goes at once).
 */
import type { FastifyRequest } from 'fastify'
import t from 'tap'
import { RenderedAnswers } from '../../../plugin/routes/rendered-answers.js'

/** The one field `entry` writes: the answer the ETag hook recognises. */
const request = (): FastifyRequest => ({ contentApiAnswer: null }) as unknown as FastifyRequest

function counted (): { build: (data: string) => string, built: () => number } {
  let built = 0
  return { build: (data) => { built += 1; return `{"data":${data},"meta":{}}` }, built: () => built }
}

t.test('equal text: the kept answer, built once; changed text: built again', async t => {
  const answers = new RenderedAnswers()
  const { build, built } = counted()
  const query = {}
  const first = request()
  const body = answers.entry(first, { query, id: 7, data: '{"id":7}', build })
  t.equal(body, '{"data":{"id":7},"meta":{}}')
  const again = request()
  // Equal text in another string, as PostgreSQL answers it on every read.
  t.equal(answers.entry(again, { query, id: 7, data: ['{"id":', '7}'].join(''), build }), body)
  t.equal(built(), 1, 'equal text is not built again')
  t.equal(again.contentApiAnswer, first.contentApiAnswer, 'the same kept answer, for the ETag hook to send its bytes')
  const changed = request()
  t.equal(answers.entry(changed, { query, id: 7, data: '{"id":7,"x":1}', build }), '{"data":{"id":7,"x":1},"meta":{}}')
  t.equal(built(), 2, 'changed text is built again')
  t.not(changed.contentApiAnswer, first.contentApiAnswer)
  answers.entry(request(), { query, id: 8, data: '{"id":7,"x":1}', build })
  answers.entry(request(), { query: {}, id: 7, data: '{"id":7,"x":1}', build })
  t.equal(built(), 4, 'another id, another query object: answers of their own')
})

t.test('bounded in entries and bytes: past them, kept entry answers start again', async t => {
  const answers = new RenderedAnswers({ maxEntries: 2, maxBytes: 10_000 })
  const { build, built } = counted()
  const query = {}
  answers.entry(request(), { query, id: 1, data: '1', build })
  answers.entry(request(), { query, id: 2, data: '2', build })
  answers.entry(request(), { query, id: 1, data: '1', build })
  t.equal(built(), 2, 'two answers kept')
  answers.entry(request(), { query, id: 3, data: '3', build })
  answers.entry(request(), { query, id: 3, data: '3', build })
  t.equal(built(), 3, 'the third is kept once the others went')
  answers.entry(request(), { query, id: 1, data: '1', build })
  t.equal(built(), 4, 'the first went with the bound')
  const large = 'x'.repeat(5_000)
  answers.entry(request(), { query, id: 9, data: large, build })
  answers.entry(request(), { query, id: 9, data: large, build })
  t.equal(built(), 6, 'an answer larger than the bytes bound is never kept')
})
