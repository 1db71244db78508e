// `npm test` and its groups: tap, on a real PostgreSQL server wherever there is one. The
// server is DATABASE_URL's; without it, the local server at 127.0.0.1:5432 when it answers (a
// fresh clone on a machine with PostgreSQL tests against it, as CI does); only when neither
// is there, the embedded PGlite, which is slower, single-session, and said so.
// Arguments are tap's: `node scripts/run-tests.mjs --jobs=3 test/slow`.
import { spawn, spawnSync } from 'node:child_process'
import pg from 'pg'

const LOCAL_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres'

async function answers (url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

function withoutPassword (url) {
  const parsed = new URL(url)
  if (parsed.password !== '') parsed.password = '***'
  return parsed.toString()
}

const given = process.env.DATABASE_URL
const url = given !== undefined && given !== '' ? given : (await answers(LOCAL_SERVER)) ? LOCAL_SERVER : undefined
process.stderr.write(url === undefined
  ? 'tests: no DATABASE_URL and no PostgreSQL at 127.0.0.1:5432, so on the embedded PGlite (slower; see docs/testing.md)\n'
  : `tests: on PostgreSQL at ${withoutPassword(url)}${given ? '' : ' (the local server; DATABASE_URL picks another)'}\n`)

// The browser tests need the admin panel's bundle. Built here, once and before any test file
// starts, it costs the run its build alone; built inside a test file, it ran beside two other
// jobs and slowed all three.
const build = spawnSync(process.execPath, [new URL('./build-admin-panel.mjs', import.meta.url).pathname, '--if-stale'], { stdio: 'inherit' })
if (build.status !== 0) {
  process.stderr.write('tests: the admin panel did not build (above); the browser tests need it\n')
  process.exit(build.status ?? 1)
}

const tap = spawn('tap', process.argv.slice(2), {
  stdio: 'inherit',
  env: { ...process.env, TAP_TYPE_STRIP_ONLY: '1', ...(url === undefined ? {} : { DATABASE_URL: url }) }
})
tap.on('exit', (code, signal) => { process.exit(code ?? (signal === null ? 1 : 128)) })
