/** What an import reports while it runs: a table (or a copy) starts, rows go by, it ends. */
export type ImportProgress =
  | { kind: 'start', label: string, total: number }
  | { kind: 'rows', label: string, done: number, total: number }
  | { kind: 'end', label: string }
