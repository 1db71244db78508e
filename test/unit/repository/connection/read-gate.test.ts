import t from 'tap'
import { ReadGate } from '../../../../plugin/repository/connection/read-gate.js'

t.test('at most `slots` heavy reads run at once; the rest wait their turn, in order', async t => {
  const gate = new ReadGate({ slots: 2, wait: 5_000 })
  let running = 0
  let most = 0
  const order: number[] = []
  const releases: Array<() => void> = []
  const work = (index: number) => async () => {
    running += 1
    most = Math.max(most, running)
    await new Promise<void>(resolve => releases.push(resolve))
    running -= 1
    order.push(index)
    return index
  }
  const all = Promise.all([0, 1, 2, 3].map(async index => await gate.run(work(index))))
  await new Promise(resolve => setImmediate(resolve))
  t.equal(running, 2, 'two run, two wait')
  while (releases.length > 0 || order.length < 4) {
    releases.shift()?.()
    await new Promise(resolve => setImmediate(resolve))
  }
  t.same(await all, [0, 1, 2, 3])
  t.equal(most, 2, 'never more than two at once')
})

t.test('a heavy read that cannot start in time is a 503, and leaves no slot taken', async t => {
  const gate = new ReadGate({ slots: 1, wait: 50 })
  let release = (): void => {}
  const holder = gate.run(async () => { await new Promise<void>(resolve => { release = resolve }) })
  await t.rejects(gate.run(async () => 'never'), { name: 'ServiceUnavailableError', status: 503 })
  release()
  await holder
  t.equal(await gate.run(async () => 'next'), 'next', 'the slot is free again')
})

/** Heavy reads that run until released; how many run at once. */
function heldReads (gate: ReadGate, count: number): { running: () => number, releaseAll: () => Promise<void> } {
  let running = 0
  const releases: Array<() => void> = []
  const all = Promise.all(Array.from({ length: count }, async () => await gate.run(async () => {
    running += 1
    await new Promise<void>(resolve => releases.push(resolve))
    running -= 1
  })))
  return {
    running: () => running,
    releaseAll: async () => {
      while (running > 0 || releases.length > 0) {
        releases.shift()?.()
        await new Promise(resolve => setImmediate(resolve))
      }
      await all
    }
  }
}

const tick = async (): Promise<void> => { await new Promise(resolve => setImmediate(resolve)) }

t.test('with no ordinary read for `aloneAfter` ms, heavy reads take `aloneSlots`', async t => {
  let now = 0
  const gate = new ReadGate({ slots: 2, aloneSlots: 5, aloneAfter: 1_000, wait: 5_000, now: () => now })
  const alone = heldReads(gate, 8)
  await tick()
  t.equal(alone.running(), 5, 'no ordinary read yet: five run, three wait')
  await alone.releaseAll()

  gate.ordinary()
  now += 999
  const mixed = heldReads(gate, 4)
  await tick()
  t.equal(mixed.running(), 2, 'an ordinary read 999 ms ago: two run')
  await mixed.releaseAll()

  now += 1
  const quiet = heldReads(gate, 4)
  await tick()
  t.equal(quiet.running(), 4, 'quiet for 1,000 ms: all four run')
  await quiet.releaseAll()
})

t.test('an ordinary read lowers the limit: running heavy reads finish, the waiting ones start only below it', async t => {
  let now = 0
  const gate = new ReadGate({ slots: 1, aloneSlots: 3, aloneAfter: 1_000, wait: 5_000, now: () => now })
  let running = 0
  let most = 0
  const releases: Array<() => void> = []
  const all = Promise.all(Array.from({ length: 5 }, async () => await gate.run(async () => {
    running += 1
    most = Math.max(most, running)
    await new Promise<void>(resolve => releases.push(resolve))
    running -= 1
  })))
  await tick()
  t.equal(running, 3, 'alone: three run')
  gate.ordinary()
  most = running
  releases.shift()!()
  await tick()
  t.equal(running, 2, 'one finished and none started: two still above the limit of one')
  releases.shift()!()
  releases.shift()!()
  await tick()
  t.equal(running, 1, 'below the limit again: one waiting read starts')
  now += 1_000
  releases.shift()!()
  await tick()
  t.equal(running, 1, 'quiet again: the last waiting read starts as one leaves')
  releases.shift()!()
  await all
  t.equal(most, 3, 'never more than the three that ran before the ordinary read')
})
