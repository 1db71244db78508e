import http from 'node:http'
import { once } from 'node:events'
import Fastify from 'fastify'
import t from 'tap'
import type { Test } from 'tap'
import { clientGone } from '../../../plugin/routes/client-gone.js'
import type { Cancellation } from '../../../plugin/repository/cancellation.js'

interface Watched {
  cancellation: Cancellation
  /** Resolves when the watch calls its `cancel`. */
  cancelled: Promise<void>
  wasCancelled: () => boolean
}

/** A server whose one route watches its client for the test, and answers when the test says. */
async function server (t: Test): Promise<{ port: number, watched: Watched[], answer: () => void }> {
  const watched: Watched[] = []
  let release: () => void = () => {}
  const app = Fastify({ logger: false })
  app.get('/wait', async (request) => {
    const cancellation = clientGone(request)
    let called = false
    const cancelled = new Promise<void>(resolve => { cancellation.watch(() => { called = true; resolve() }) })
    watched.push({ cancellation, cancelled, wasCancelled: () => called })
    await new Promise<void>(resolve => { release = resolve })
    return 'answered'
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(async () => { await app.close() })
  return { port: (app.server.address() as { port: number }).port, watched, answer: () => { release() } }
}

t.test('an answered request is not cancelled, also once it is closed', async t => {
  const { port, watched, answer } = await server(t)
  const agent = new http.Agent({ keepAlive: true })
  t.teardown(() => { agent.destroy() })
  for (const connection of ['keep-alive', 'close']) {
    const request = http.get({ port, host: '127.0.0.1', path: '/wait', agent, headers: { connection } })
    while (watched.length === 0) await new Promise(resolve => setImmediate(resolve))
    answer()
    const [response] = await once(request, 'response') as [http.IncomingMessage]
    response.resume()
    await once(response, 'end')
    await new Promise(resolve => setImmediate(resolve))
    const { cancellation, wasCancelled } = watched.pop()!
    t.equal(cancellation.aborted, false, `answered over "connection: ${connection}": not aborted`)
    t.equal(wasCancelled(), false, `answered over "connection: ${connection}": its watch not called`)
  }
})

t.test('a client that goes away before its answer cancels what watches it', async t => {
  const { port, watched, answer } = await server(t)
  const request = http.get({ port, host: '127.0.0.1', path: '/wait' })
  request.on('error', () => {})
  while (watched.length === 0) await new Promise(resolve => setImmediate(resolve))
  const { cancellation, cancelled } = watched[0]!
  t.equal(cancellation.aborted, false, 'not while the client waits')
  request.destroy()
  await cancelled
  t.equal(cancellation.aborted, true)
  answer()
})

t.test('a watch that stopped is not called', async t => {
  const { port, watched, answer } = await server(t)
  const request = http.get({ port, host: '127.0.0.1', path: '/wait' })
  request.on('error', () => {})
  while (watched.length === 0) await new Promise(resolve => setImmediate(resolve))
  const { cancellation } = watched[0]!
  let calls = 0
  const stop = cancellation.watch(() => { calls += 1 })
  stop()
  request.destroy()
  await watched[0]!.cancelled
  t.equal(cancellation.aborted, true)
  t.equal(calls, 0, 'the stopped watch was left out')
  answer()
})
