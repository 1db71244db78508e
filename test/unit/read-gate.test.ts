import t from 'tap'
import { ReadGate } from '../../plugin/repository/read-gate.js'

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
