/**
 * Two updates that each link the other's entry, at the same time: each holds its own entry's
 * row lock while its link row's foreign key check shares the other entry's key. An update's
 * lock must be the one an UPDATE takes (`for no key update`), which such checks pass; with
 * `for update` the two wait for each other until PostgreSQL breaks the deadlock (the write
 * it rolls back is run again, up to three times, then answered 503).
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

// Changed with the updates without a transaction: such an update takes no lock before
// its data statement (it was asserted to take `for no key update` in its facts read); its
// UPDATE takes the one an UPDATE takes. The locked path is asserted in optimistic.test.ts.
t.test('an update takes no row lock before its data statement, never for update: its UPDATE is guarded by the version it read', async t => {
  const { db, registry, contentType, statements } = await openTestDatabase(t, schemas)
  const node = contentType('node')
  const a = await createEntry(db, registry, node, { data: { label: 'a' } })
  const b = await createEntry(db, registry, node, { data: { label: 'b' } })
  statements.length = 0
  await updateEntry(db, registry, node, a, { data: { next: [b] } })
  t.notOk(statements.some(sql => / for (no key )?update\b/i.test(sql)), 'no row lock read')
  t.ok(statements.some(sql => /^with w1 as \(update "nodes" set .* and xmin = /s.test(sql)), 'the data statement\'s UPDATE writes only the version read')
})

/**
 * A write PostgreSQL rolls back to break a deadlock is run again. The deadlock is raised by
 * the database itself (a trigger, counting with a sequence, which no rollback resets), so
 * the test is the same on PostgreSQL and on the embedded PGlite.
 */
t.test('a write rolled back to break a deadlock is run again; past three attempts nothing is written', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t, schemas)
  const node = contentType('node')
  const a = await createEntry(db, registry, node, { data: { label: 'a' } })
  const b = await createEntry(db, registry, node, { data: { label: 'b' } })
  await rows('create sequence conflict_attempts')
  await rows(`create function conflict_until () returns trigger language plpgsql as $$
    begin
      if nextval('conflict_attempts') <= tg_argv[0]::int then
        raise exception 'deadlock detected (raised by the test)' using errcode = '40P01';
      end if;
      return new;
    end $$`)
  await rows("create trigger conflict before update on nodes for each row when (new.label like 'conflict%') execute function conflict_until('1')")

  const id = await updateEntry(db, registry, node, a, { data: { label: 'conflict once', next: [b] } })
  t.equal(id, a, 'the update went through')
  t.same((await rows('select last_value::int as n from conflict_attempts'))[0], { n: 2 }, 'on its second attempt')
  t.same(await rows('select label from nodes where id = $1', [a]), [{ label: 'conflict once' }], 'its value is stored')
  t.same(await rows('select target_id as id from nodes_next_lnk where owner_id = $1', [a]), [{ id: b }], 'its link once')

  await rows('drop trigger conflict on nodes')
  await rows("create trigger conflict before update on nodes for each row when (new.label like 'conflict%') execute function conflict_until('1000')")
  await rows('alter sequence conflict_attempts restart')
  await t.rejects(updateEntry(db, registry, node, b, { data: { label: 'conflict always', next: [a] } }), { code: '40P01' }, 'past the attempts the conflict is the answer (a 503 at the HTTP level)')
  t.same((await rows('select last_value::int as n from conflict_attempts'))[0], { n: 3 }, 'three attempts')
  t.same(await rows('select label from nodes where id = $1', [b]), [{ label: 'b' }], 'nothing of it was written')
  t.same(await rows('select count(*)::int as n from nodes_next_lnk where owner_id = $1', [b]), [{ n: 0 }], 'no link either')
})
