/**
 * The servers run as child processes of the runner (each its own Node process on
 * 127.0.0.1), started with the runner's own Node flags, so they run from TypeScript under
 * tsx and from dist/ alike. Stopping waits for a clean exit, then kills.
 */
import { fork } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { ReadyMessage } from './servers/child.js'

export type ServerName = 'plugin' | 'ceiling' | 'orm-find' | 'stepwise' | 'replay' | 'admin'

export interface RunningServer {
  name: ServerName
  pid: number
  origin: string
  stop: () => Promise<void>
}

const START_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 10_000

function serverModule (name: ServerName): string {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  return fileURLToPath(new URL(`./servers/${name}${extension}`, import.meta.url))
}

async function exited (child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true
  return await new Promise(resolve => {
    const timer = setTimeout(() => { resolve(false) }, timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

export async function startServer (name: ServerName, env: Record<string, string>, nodeOptions: string[] = []): Promise<RunningServer> {
  const child = fork(serverModule(name), [], {
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...nodeOptions],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc']
  })
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    if (!(await exited(child, STOP_TIMEOUT_MS))) {
      child.kill('SIGKILL')
      await exited(child, STOP_TIMEOUT_MS)
    }
  }
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => { reject(new Error(`${name} server: not ready after ${START_TIMEOUT_MS / 1000} s`)) }, START_TIMEOUT_MS)
      child.once('exit', code => {
        clearTimeout(timer)
        reject(new Error(`${name} server exited with code ${String(code)} before it was ready`))
      })
      child.on('message', (message: ReadyMessage) => {
        if (message.type !== 'ready') return
        clearTimeout(timer)
        resolve(message.port)
      })
    })
    if (child.pid === undefined) throw new Error(`${name} server: no pid`)
    return { name, pid: child.pid, origin: `http://127.0.0.1:${port}`, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
