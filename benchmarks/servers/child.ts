/**
 * What every benchmark server shares: it listens on 127.0.0.1 (a free port), tells the
 * runner its port over IPC, answers `GET /__bench/stats` (memory, plus whatever the server
 * counts) and `POST /__bench/reset`, and closes on SIGTERM. With BENCH_CPU_PROFILE set, it
 * also answers `POST /__bench/profile/start` and `POST /__bench/profile/stop?name=<scenario>`.
 */
import type { FastifyInstance } from 'fastify'
import { CpuProfiler } from './profiler.js'

export interface ServerStats {
  rss: number
  heapUsed: number
  /** SQL statements sent since the last reset (the plugin server counts them). */
  statements: number | null
}

export interface ReadyMessage {
  type: 'ready'
  port: number
}

export function requireEnv (name: string): string {
  const value = process.env[name]
  if (value === undefined || value === '') throw new Error(`benchmark server: ${name} is not set`)
  return value
}

export async function serveBenchmark (app: FastifyInstance, counter: { count: () => number | null, reset: () => void }): Promise<void> {
  app.get('/__bench/stats', async (request): Promise<ServerStats> => {
    // `?gc=1` on a server started with --expose-gc: the heap that survives a full collection.
    const collect = (globalThis as { gc?: () => void }).gc
    if ((request.query as { gc?: string }).gc === '1' && collect !== undefined) collect()
    const memory = process.memoryUsage()
    return { rss: memory.rss, heapUsed: memory.heapUsed, statements: counter.count() }
  })
  app.post('/__bench/reset', async () => {
    counter.reset()
    return { ok: true }
  })
  const profileFolder = process.env.BENCH_CPU_PROFILE
  if (profileFolder !== undefined && profileFolder !== '') {
    const profiler = new CpuProfiler(profileFolder)
    app.post('/__bench/profile/start', async () => {
      await profiler.start()
      return { ok: true }
    })
    app.post('/__bench/profile/stop', async (request) => ({ file: await profiler.stop((request.query as { name?: string }).name ?? 'profile') }))
  }
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('benchmark server: no TCP address')
  const ready: ReadyMessage = { type: 'ready', port: address.port }
  process.send?.(ready)
  let closing = false
  const close = (): void => {
    if (closing) return
    closing = true
    app.close().then(() => process.exit(0), (error: unknown) => {
      console.error(error)
      process.exit(1)
    })
  }
  process.once('SIGTERM', close)
  process.once('SIGINT', close)
  process.once('disconnect', close)
}

export function runServer (start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
