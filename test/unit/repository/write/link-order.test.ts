/** The ordered list of linked ids after a relation operation. */
import t from 'tap'
import { connectableIds, nextLinkOrder, type LinkCardinality } from '../../../../plugin/repository/write/link-order.js'
import type { ConnectPosition, LinkOperation } from '../../../../plugin/write-plan/plan.js'

/** A to-many relation's list, and a to-one attribute's one link. */
const LIST: LinkCardinality = { toMany: true }
const ONE: LinkCardinality = { toMany: false }

const connect = (...items: Array<number | [number, ConnectPosition]>): LinkOperation => ({
  kind: 'edit',
  disconnect: [],
  strict: true,
  connect: items.map((item, index) => typeof item === 'number'
    ? { id: item, position: null, path: ['r', 'connect', index] }
    : { id: item[0], position: item[1], path: ['r', 'connect', index] })
})

t.test('set replaces, in the order given', async t => {
  t.same(nextLinkOrder([1, 2, 3], { kind: 'set', ids: [3, 9] }, LIST), { ok: true, ids: [3, 9] })
  t.same(nextLinkOrder([1], { kind: 'set', ids: [] }, ONE), { ok: true, ids: [] })
})

t.test('connect on a list', async t => {
  t.same(nextLinkOrder([1, 2], connect(3), LIST), { ok: true, ids: [1, 2, 3] }, 'appends')
  t.same(nextLinkOrder([1, 2, 3], connect(1), LIST), { ok: true, ids: [2, 3, 1] }, 'an already linked id moves to the end (Strapi 4.26)')
  t.same(nextLinkOrder([1, 2, 3], connect(3, 2, 1), LIST), { ok: true, ids: [3, 2, 1] }, 'so connecting the whole list in a new order reorders it')
  t.same(nextLinkOrder([1, 2], connect([2, { start: true }]), LIST), { ok: true, ids: [2, 1] }, 'or moves with a position')
  t.same(nextLinkOrder([1, 2, 3], connect([4, { before: 2 }]), LIST), { ok: true, ids: [1, 4, 2, 3] })
  t.same(nextLinkOrder([1, 2, 3], connect([4, { after: 3 }]), LIST), { ok: true, ids: [1, 2, 3, 4] })
  t.same(nextLinkOrder([1, 2, 3], connect([1, { end: true }]), LIST), { ok: true, ids: [2, 3, 1] })
  t.same(nextLinkOrder([], connect([5, { after: 6 }], [6, { start: true }]), LIST), { ok: true, ids: [6, 5] }, 'waits for an anchor of the same request')
  t.same(nextLinkOrder([1], connect([5, { after: 6 }], [6, { after: 5 }]), LIST),
    { ok: false, path: ['r', 'connect', 0, 'position'], problem: 'refers to entries that are placed relative to each other in a cycle' })
  t.same(nextLinkOrder([1], connect([5, { before: 7 }]), LIST),
    { ok: false, path: ['r', 'connect', 0, 'position'], problem: 'refers to 7, which is not linked' })
})

t.test('options.strict false: an anchor that is not linked appends (Strapi 4.26)', async t => {
  const lenient = (operation: LinkOperation): LinkOperation => ({ ...operation, strict: false }) as LinkOperation
  t.same(nextLinkOrder([2, 3, 1], lenient(connect([4, { before: 99 }])), LIST), { ok: true, ids: [2, 3, 1, 4] })
  t.same(nextLinkOrder([2, 3, 1], lenient(connect([2, { after: 99 }])), LIST), { ok: true, ids: [3, 1, 2] }, 'a linked one moves to the end')
  t.same(nextLinkOrder([1, 2], lenient(connect([3, { after: 1 }])), LIST), { ok: true, ids: [1, 3, 2] }, 'a linked anchor still places it')
})

t.test('disconnect first, then connect', async t => {
  const operation: LinkOperation = { ...connect([3, { start: true }]), disconnect: [1, 3, 42] } as LinkOperation
  t.same(nextLinkOrder([1, 2, 3], operation, LIST), { ok: true, ids: [3, 2] })
})

t.test('to-one: connect replaces, disconnect clears only the linked id', async t => {
  t.same(nextLinkOrder([1], connect(2), ONE), { ok: true, ids: [2] })
  t.same(nextLinkOrder([1], { kind: 'edit', disconnect: [2], connect: [], strict: true }, ONE), { ok: true, ids: [1] })
  t.same(nextLinkOrder([1], { kind: 'edit', disconnect: [1], connect: [], strict: true }, ONE), { ok: true, ids: [] })
})

t.test('the ids an operation may add: what the existence check covers', async t => {
  t.same(connectableIds({ kind: 'set', ids: [3, 9] }, LIST), [3, 9])
  t.same(connectableIds(connect(4, [5, { start: true }]), LIST), [4, 5])
  t.same(connectableIds(connect(4, 5), ONE), [4], 'a to-one attribute links the first item only')
  t.same(connectableIds({ kind: 'edit', disconnect: [1], connect: [], strict: true }, LIST), [], 'a disconnect adds nothing')
  const cases: Array<[LinkOperation, LinkCardinality]> = [[connect(4, 5), ONE], [connect(7, [8, { before: 7 }]), LIST], [{ kind: 'set', ids: [2] }, ONE]]
  for (const [operation, cardinality] of cases) {
    const order = nextLinkOrder([], operation, cardinality)
    t.same(order.ok ? order.ids.filter(id => !connectableIds(operation, cardinality).includes(id)) : [], [], 'nextLinkOrder adds no other id')
  }
})
