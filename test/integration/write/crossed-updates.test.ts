/**
 * Two updates that each link the other's entry, at the same time: each holds its own entry's
 * row lock while its link row's foreign key check shares the other entry's key. An update's
 * lock must be the one an UPDATE takes (`for no key update`), which such checks pass; with
 * `for update` the two wait for each other until PostgreSQL breaks the deadlock, and one of
 * them fails.
 */
import t from 'tap'
import type { InlineSchemas } from '../../../plugin/content-types/registry.js'
import { createEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'

const schemas: InlineSchemas = {
  contentTypes: {
    'api::node.node': {
      collectionName: 'nodes',
      info: { singularName: 'node', pluralName: 'nodes' },
      attributes: {
        label: { type: 'string' },
        next: { type: 'relation', relation: 'manyToMany', target: 'api::node.node' }
      }
    }
  }
}

const ROUNDS = 12

t.test('crossed updates linking each other\'s entry both succeed, round after round', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t, schemas)
  const node = contentType('node')
  const pairs = await Promise.all(Array.from({ length: 4 }, async (_, index) => [
    await createEntry(db, registry, node, { data: { label: `a${index}` } }),
    await createEntry(db, registry, node, { data: { label: `b${index}` } })
  ] as const))
  const failures: unknown[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const writes = pairs.flatMap(([a, b]) => [
      updateEntry(db, registry, node, a, { data: { label: `a round ${round}`, next: round % 2 === 0 ? [b] : [] } }),
      updateEntry(db, registry, node, b, { data: { label: `b round ${round}`, next: round % 2 === 0 ? [a] : [] } })
    ])
    for (const outcome of await Promise.allSettled(writes)) {
      if (outcome.status === 'rejected') failures.push(outcome.reason)
    }
  }
  t.same(failures.map(String), [], `${ROUNDS} rounds of ${pairs.length * 2} crossed updates: none failed`)
  const links = await rows('select count(*)::int as n from nodes_next_lnk')
  // The last round (odd) emptied every list.
  t.equal(links[0]!.n, 0, 'the last round\'s lists are what is stored')
  const labels = await rows('select label from nodes order by id')
  t.ok(labels.every(row => String(row.label).endsWith(`round ${ROUNDS - 1}`)), 'every entry took its last update')
})
