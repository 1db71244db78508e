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

t.test('find and put: a replaced value is counted once, by the size function given', async t => {
  const cache = new BoundedCache<string>({ maxEntries: 1000, maxBytes: 100 }, (_key, value) => value.length)
  t.equal(cache.find('a'), undefined)
  cache.put('a', 'x'.repeat(40))
  cache.put('a', 'y'.repeat(30))
  t.equal(cache.bytes, 30, 'the replaced value no longer counts')
  t.equal(cache.find('a'), 'y'.repeat(30))
  cache.put('b', 'z'.repeat(40))
  t.equal(cache.find('a'), 'y'.repeat(30), 'finding a makes it the most recently used')
  cache.put('c', 'w'.repeat(40))
  t.equal(cache.find('b'), undefined, 'past the bytes, the least recently used went')
  t.equal(cache.bytes, 70)
  cache.put('d', 'v'.repeat(101))
  t.equal(cache.find('d'), undefined, 'a value larger than the bound is not kept')
  t.equal(cache.bytes, 70, 'and does not push the others out')
  t.equal(cache.find('c'), 'w'.repeat(40))
})
