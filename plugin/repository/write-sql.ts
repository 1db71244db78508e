/** The bits of SQL text the write path's hand-written reads need. */

export function quote (identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`
}

/** `?, ?, ?` for a list bound as separate parameters. */
export function placeholders (count: number): string {
  return Array.from({ length: count }, () => '?').join(', ')
}

/** Ids bound per statement: well under PostgreSQL's limit of 65535 parameters. */
export const IDS_PER_STATEMENT = 5000

/** `items` in slices of at most `size`. */
export function chunks<T> (items: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const slices: T[][] = []
  for (let start = 0; start < items.length; start += size) slices.push(items.slice(start, start + size))
  return slices
}
