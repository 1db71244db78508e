/** The few plain HTTP calls the runner makes outside autocannon (checks, probes, stats). */
import type { Json } from './compare.js'
import type { ServerStats } from './servers/child.js'

export interface Answer {
  status: number
  body: Json
  /** Size of the response body in bytes. */
  bytes: number
}

export async function call (origin: string, method: string, path: string, body?: string): Promise<Answer> {
  const response = await fetch(`${origin}${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } })
  })
  const text = await response.text()
  let parsed: Json
  try {
    parsed = text === '' ? null : JSON.parse(text) as Json
  } catch {
    parsed = text
  }
  return { status: response.status, body: parsed, bytes: Buffer.byteLength(text) }
}

/** `collect`: run a full garbage collection first (servers started with --expose-gc). */
export async function serverStats (origin: string, collect = false): Promise<ServerStats> {
  const answer = await call(origin, 'GET', collect ? '/__bench/stats?gc=1' : '/__bench/stats')
  return answer.body as unknown as ServerStats
}

export async function resetStats (origin: string): Promise<void> {
  await call(origin, 'POST', '/__bench/reset')
}
