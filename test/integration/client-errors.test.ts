/**
 * With the server options the plugin exports, requests Node refuses before routing answer
 * the API's error envelope, and the plugin's own query-string limit is the one a long query
 * meets (Node's default 16 KB header limit used to refuse it first, in Fastify's shape).
 */
import t from 'tap'
import { connect } from 'node:net'
import { contentApiServerOptions } from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'

async function rawRequest (port: number, request: string): Promise<{ status: number, body: string }> {
  return await new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', chunk => { answer += chunk.toString('utf8') })
    socket.on('error', () => {})
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
      if (status === 0) reject(new Error(`no HTTP answer: ${answer.slice(0, 200)}`))
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) })
    })
    socket.write(request)
  })
}

t.test('oversized requests answer the error envelope', async t => {
  const { app, close } = await buildTestApp({ upload: false, docs: false }, contentApiServerOptions)
  t.teardown(close)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as { port: number }).port

  const huge = await rawRequest(port, `GET /api/articles HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(80 * 1024)}\r\nConnection: close\r\n\r\n`)
  t.equal(huge.status, 431)
  t.same(JSON.parse(huge.body), {
    data: null,
    error: { status: 431, name: 'RequestHeaderFieldsTooLargeError', message: 'The request line and headers are larger than 65536 bytes', details: {} }
  })

  const longQuery = `filters[title][$in]=${Array.from({ length: 2000 }, (_, index) => `t${index}`).join('&filters[title][$in]=')}`
  t.ok(longQuery.length > 16 * 1024 && longQuery.length < 60 * 1024, 'a query longer than 16 KiB')
  const response = await rawRequest(port, `GET /api/articles?${longQuery} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
  t.equal(response.status, 400, "the plugin's own limit answers, not Node's")
  t.match(JSON.parse(response.body), { data: null, error: { status: 400, name: 'ValidationError', message: /Query string too long/ } })

  const malformed = await rawRequest(port, 'GARBAGE\r\n\r\n')
  t.equal(malformed.status, 400)
  t.match(JSON.parse(malformed.body), { data: null, error: { status: 400, name: 'ValidationError' } })
})
