import http from 'node:http'
import { once } from 'node:events'
import Fastify from 'fastify'
import t from 'tap'
import type { Test } from 'tap'
import { clientGoneSignal } from '../../../plugin/routes/client-gone.js'

/** A server whose one route hands its signal to the test, and answers when the test says. */
async function server (t: Test): Promise<{ port: number, signals: AbortSignal[], answer: () => void }> {
  const signals: AbortSignal[] = []
  let release: () => void = () => {}
  const app = Fastify({ logger: false })
  app.get('/wait', async (request) => {
    signals.push(clientGoneSignal(request))
    await new Promise<void>(resolve => { release = resolve })
    return 'answered'
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(async () => { await app.close() })
  return { port: (app.server.address() as { port: number }).port, signals, answer: () => { release() } }
}

t.test('an answered request leaves its signal alone, also once it is closed', async t => {
  const { port, signals, answer } = await server(t)
  const agent = new http.Agent({ keepAlive: true })
  t.teardown(() => { agent.destroy() })
  for (const connection of ['keep-alive', 'close']) {
    const request = http.get({ port, host: '127.0.0.1', path: '/wait', agent, headers: { connection } })
    while (signals.length === 0) await new Promise(resolve => setImmediate(resolve))
    answer()
    const [response] = await once(request, 'response') as [http.IncomingMessage]
    response.resume()
    await once(response, 'end')
    await new Promise(resolve => setImmediate(resolve))
    t.equal(signals.pop()!.aborted, false, `answered over "connection: ${connection}": not aborted`)
  }
})

t.test('a client that goes away before its answer aborts the signal', async t => {
  const { port, signals, answer } = await server(t)
  const request = http.get({ port, host: '127.0.0.1', path: '/wait' })
  request.on('error', () => {})
  while (signals.length === 0) await new Promise(resolve => setImmediate(resolve))
  const [signal] = signals
  t.equal(signal!.aborted, false, 'not while the client waits')
  request.destroy()
  await once(signal!, 'abort')
  t.equal(signal!.aborted, true)
  t.match(signal!.reason, /went away/)
  answer()
})
