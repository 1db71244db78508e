// Builds the admin panel's bundle (admin-panel/ -> dist/admin-panel) with Vite. With
// --if-stale it builds only when the sources changed since the last build: the bundle records
// a hash of its sources and of package-lock.json (dist/admin-panel.source-hash). The browser tests call it that way, so a
// fresh clone's `npm test` needs no manual step; a lock folder keeps two test files from
// building at once.
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const sources = join(root, 'admin-panel')
// Beside the bundle, not in it: the server serves the bundle's folder.
const hashFile = join(root, 'dist', 'admin-panel.source-hash')
const lock = join(root, 'dist', '.admin-panel-build.lock')

function files (folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap(entry => {
    const path = join(folder, entry.name)
    return entry.isDirectory() ? files(path) : [path]
  }).sort()
}

function sourceHash () {
  const hash = createHash('sha256')
  for (const file of [...files(sources), join(root, 'package-lock.json')]) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

const built = () => existsSync(hashFile) && readFileSync(hashFile, 'utf8') === sourceHash()

function takeLock () {
  mkdirSync(join(root, 'dist'), { recursive: true })
  for (;;) {
    try {
      mkdirSync(lock)
      return
    } catch {
      // A lock older than ten minutes was left by a build that died.
      if (Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true })
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500)
    }
  }
}

const ifStale = process.argv.includes('--if-stale')
if (ifStale && built()) process.exit(0)
takeLock()
try {
  if (!(ifStale && built())) {
    const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
    const run = spawnSync(process.execPath, [vite, 'build', '--config', join(sources, 'vite.config.ts'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
    if (run.status !== 0) process.exit(run.status ?? 1)
    writeFileSync(hashFile, sourceHash())
  }
} finally {
  rmSync(lock, { recursive: true, force: true })
}
