/**
 * How the stepwise ceiling talks to PostgreSQL: every statement through `send`, so it can be
 * counted (the runner checks that the count per request is the plugin's), named prepared
 * statements unless BENCH_CEILING_PREPARED=0 (as the one-statement ceiling, so the two
 * differ by the statement sequence only), and a transaction on one pooled connection held
 * from `begin` to `commit`, one round trip per statement, as the plugin's unit of work does.
 */
import type pg from 'pg'

export interface Statement {
  /** The prepared statement's name: one per SQL text. */
  name: string
  text: string
}

/** A pool (checks a connection out per statement) or a connection checked out for a transaction. */
export type Queryable = pg.Pool | pg.PoolClient

export class StatementSender {
  readonly #prepared: boolean
  #sent = 0

  constructor (prepared: boolean) {
    this.#prepared = prepared
  }

  /** Statements sent since the last reset, `begin` and `commit` included. */
  get sent (): number {
    return this.#sent
  }

  reset (): void {
    this.#sent = 0
  }

  async send<R extends pg.QueryResultRow> (on: Queryable, statement: Statement, values: unknown[]): Promise<pg.QueryResult<R>> {
    this.#sent++
    const config: pg.QueryConfig = this.#prepared ? { name: statement.name, text: statement.text, values } : { text: statement.text, values }
    return await on.query<R>(config)
  }

  /**
   * `work` between `begin` and `commit` on one connection, released before the caller goes
   * on (the re-read runs on the pool, like the plugin's). A failed transaction is rolled back
   * and its connection discarded, which no benchmark request should ever cause.
   */
  async transaction<T> (pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect()
    let failed = false
    try {
      await this.#simple(client, 'begin')
      const result = await work(client)
      await this.#simple(client, 'commit')
      return result
    } catch (error) {
      failed = true
      await client.query('rollback').catch(() => {})
      throw error
    } finally {
      client.release(failed)
    }
  }

  /** `begin` and `commit` have no parameters: pg sends them as simple queries, one round trip each. */
  async #simple (client: pg.PoolClient, sql: string): Promise<void> {
    this.#sent++
    await client.query(sql)
  }
}
