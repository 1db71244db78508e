/**
 * On-demand CPU profiles of a server process through `node:inspector`, so a profile covers
 * exactly the timed rounds of one scenario (not start-up, loading or other scenarios).
 */
import { Session } from 'node:inspector/promises'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export class CpuProfiler {
  readonly #folder: string
  #session: Session | null = null

  constructor (folder: string) {
    this.#folder = folder
  }

  async start (): Promise<void> {
    if (this.#session !== null) throw new Error('a CPU profile is already running')
    const session = new Session()
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
    this.#session = session
  }

  /** Stops the running profile and writes `<folder>/<name>.cpuprofile`; answers the file. */
  async stop (name: string): Promise<string> {
    const session = this.#session
    if (session === null) throw new Error('no CPU profile is running')
    this.#session = null
    const { profile } = await session.post('Profiler.stop')
    session.disconnect()
    await mkdir(this.#folder, { recursive: true })
    const file = join(this.#folder, `${name.replace(/[^a-z0-9-]/gi, '_')}.cpuprofile`)
    await writeFile(file, JSON.stringify(profile))
    return file
  }
}
