import t from 'tap'
import { BoundedCache } from '../../../plugin/query/bounded-cache.js'

t.test('least recently used first out, bounded in entries', async t => {
  const cache = new BoundedCache<number>({ maxEntries: 2, maxBytes: 1e9 })
  let made = 0
  const get = (key: string): number => cache.get(key, () => ++made)
  t.equal(get('a'), 1)
  t.equal(get('b'), 2)
  t.equal(get('a'), 1, 'a hit is not made again')
  t.equal(get('c'), 3, 'a third key evicts the least recently used (b)')
  t.equal(get('a'), 1, 'a stayed')
  t.equal(get('b'), 4, 'b was evicted and is made again')
})

t.test('bounded in estimated bytes: long keys evict sooner', async t => {
  const cache = new BoundedCache<number>({ maxEntries: 1000, maxBytes: 100_000 })
  let made = 0
  for (let index = 0; index < 50; index += 1) cache.get(`${index}-${'x'.repeat(1000)}`, () => ++made)
  t.ok(cache.bytes <= 100_000, `estimated bytes stay within the bound (${cache.bytes})`)
  t.equal(made, 50)
  t.equal(cache.get(`49-${'x'.repeat(1000)}`, () => ++made), 50, 'the newest is kept')
  t.equal(cache.get(`0-${'x'.repeat(1000)}`, () => ++made), 51, 'the oldest went')
})
