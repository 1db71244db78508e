/** A fresh PostgreSQL database per run (`fca_bench_<time>_<pid>`), dropped at the end. */
import pg from 'pg'

export interface BenchDatabase {
  name: string
  url: string
  drop: () => Promise<void>
}

async function onServer (adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** `prefix` names whose database it is, for a shared server (a helper's branch). */
export async function createBenchDatabase (adminUrl: string, prefix = 'fca_bench'): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`
  await onServer(adminUrl, `create database ${name}`)
  return databaseNamed(adminUrl, name)
}

/**
 * A copy of `source` (`create database … template …`): the same rows, ids and documentIds,
 * and the same planner statistics. PostgreSQL copies a database only while no one is
 * connected to it.
 */
export async function copyBenchDatabase (adminUrl: string, source: BenchDatabase, suffix: string): Promise<BenchDatabase> {
  const name = `${source.name}_${suffix}`
  await onServer(adminUrl, `create database ${name} template ${source.name}`)
  return databaseNamed(adminUrl, name)
}

function databaseNamed (adminUrl: string, name: string): BenchDatabase {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  let dropped = false
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return
      dropped = true
      await onServer(adminUrl, `drop database if exists ${name} with (force)`)
    }
  }
}

/** Runs `work` with one client of the database at `url`. */
export async function withClient<T> (url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
