/**
 * Answers of compiled reads kept in memory (option `cache.responses`; docs/caching.md, 'The response cache'), bounded in
 * entries and in bytes, least recently used first out. Each answer remembers the tables its
 * statement read; a change to any of them drops it. A read that overlapped a change is not
 * stored (its answer may predate the change): every change moves an epoch, and an answer is
 * stored only if the epoch is the one its read started in.
 */
import type { Row } from '../connection/database.js'

export interface ResponseCacheLimits {
  maxEntries: number
  maxBytes: number
}

interface CachedAnswer {
  rows: Row[]
  tables: readonly string[]
  bytes: number
}

/** The JSON text dominates an answer's size; strings are UTF-16 in memory. */
function sizeOf (rows: Row[], key: string): number {
  let bytes = key.length * 2 + 64
  for (const row of rows) {
    for (const value of Object.values(row)) bytes += typeof value === 'string' ? value.length * 2 : 16
  }
  return bytes
}

export class ResponseCache {
  readonly #limits: ResponseCacheLimits
  readonly #answers = new Map<string, CachedAnswer>()
  readonly #byTable = new Map<string, Set<string>>()
  #bytes = 0
  #epoch = 0
  /** False while changes may be missed (the change feed is reconnecting): nothing is served or stored. */
  #trusted = true
  hits = 0
  misses = 0

  constructor (limits: ResponseCacheLimits) {
    this.#limits = limits
  }

  get epoch (): number { return this.#epoch }
  get bytes (): number { return this.#bytes }
  get size (): number { return this.#answers.size }

  get (key: string): Row[] | undefined {
    if (!this.#trusted) return undefined
    const answer = this.#answers.get(key)
    if (answer === undefined) {
      this.misses += 1
      return undefined
    }
    // Map order is insertion order: moving a hit to the end keeps the oldest first.
    this.#answers.delete(key)
    this.#answers.set(key, answer)
    this.hits += 1
    return answer.rows
  }

  /** `epoch`: the epoch when the read began. */
  set (key: string, rows: Row[], tables: readonly string[], epoch: number): void {
    if (!this.#trusted || epoch !== this.#epoch) return
    const bytes = sizeOf(rows, key)
    if (bytes > this.#limits.maxBytes) return
    this.#remove(key)
    this.#answers.set(key, { rows, tables, bytes })
    this.#bytes += bytes
    for (const table of tables) {
      let keys = this.#byTable.get(table)
      if (keys === undefined) this.#byTable.set(table, keys = new Set())
      keys.add(key)
    }
    while (this.#answers.size > this.#limits.maxEntries || this.#bytes > this.#limits.maxBytes) {
      const oldest = this.#answers.keys().next()
      if (oldest.done === true) break
      this.#remove(oldest.value)
    }
  }

  /** Drops every answer that read one of `tables`. */
  invalidate (tables: Iterable<string>): void {
    this.#epoch += 1
    for (const table of tables) {
      for (const key of this.#byTable.get(table) ?? []) this.#remove(key)
    }
  }

  clear (): void {
    this.#epoch += 1
    this.#answers.clear()
    this.#byTable.clear()
    this.#bytes = 0
  }

  /** While untrusted (changes may go unseen), the cache is empty and serves nothing. */
  trust (trusted: boolean): void {
    this.clear()
    this.#trusted = trusted
  }

  #remove (key: string): void {
    const answer = this.#answers.get(key)
    if (answer === undefined) return
    this.#answers.delete(key)
    this.#bytes -= answer.bytes
    for (const table of answer.tables) {
      const keys = this.#byTable.get(table)
      keys?.delete(key)
      if (keys?.size === 0) this.#byTable.delete(table)
    }
  }
}
