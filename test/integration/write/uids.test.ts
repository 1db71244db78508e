/**
 * Every generated uid of a create is probed in the one facts read: its candidates found taken
 * are a named subquery of their own, read by both the index branch and the LIKE fallback. A
 * create that can be one statement picks its uids there, among the same candidates.
 */
import t from 'tap'
import type { InlineSchemas } from '../../../plugin/content-types/registry.js'
import { createEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'

const schemas: InlineSchemas = {
  contentTypes: {
    'api::post.post': {
      collectionName: 'posts',
      info: { singularName: 'post', pluralName: 'posts' },
      attributes: {
        title: { type: 'string' },
        subtitle: { type: 'string' },
        slug: { type: 'uid', targetField: 'title' },
        handle: { type: 'uid', targetField: 'subtitle' }
      }
    }
  }
}

t.test('two generated uids of one entry, past the 16 variants probed by index', async t => {
  const { db, registry, contentType, statements, rows } = await openTestDatabase(t, schemas)
  const post = contentType('post')
  const ids: number[] = []
  const counts: number[] = []
  for (let i = 0; i < 18; i++) {
    statements.length = 0
    ids.push(await createEntry(db, registry, post, { data: { title: 'Same', subtitle: i % 2 === 0 ? 'Even' : 'Odd' } }))
    counts.push(statements.length)
  }
  const found = await rows('select slug, handle from posts where id = any($1::int[]) order by id', [`{${ids.join(',')}}`])
  t.same(found.map(row => row.slug), ['same', ...Array.from({ length: 17 }, (_, n) => `same-${n + 1}`)])
  t.same(found.map(row => row.handle), Array.from({ length: 18 }, (_, n) => {
    const k = Math.floor(n / 2)
    return `${n % 2 === 0 ? 'even' : 'odd'}${k === 0 ? '' : `-${k}`}`
  }))
  // The first 16 are one statement (the uids picked in it); past the 16 candidates it writes
  // nothing, and the facts read (with its LIKE search) and the data statement follow.
  t.same(counts, [...Array.from({ length: 16 }, () => 1), 3, 3], 'one statement while a candidate is free, then the facts read and the data statement')
})
