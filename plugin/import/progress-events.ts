/**
 * What an import reports while it runs: a table (or a copy) starts, rows go by, it ends.
 * `total` is what the bar fills to: the copy's exact row count; for a table of the import,
 * PostgreSQL's estimate of its SELECT (`estimated`), so the SELECT runs once, never below the
 * rows already done.
 */
export type ImportProgress =
  | { kind: 'start', label: string, total: number, estimated?: true }
  | { kind: 'rows', label: string, done: number, total: number }
  | { kind: 'end', label: string }
