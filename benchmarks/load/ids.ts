/** Database ids of the generated entries, by their index in the dataset's lists. */
export interface LoadedIds {
  files: number[]
  tags: number[]
  categories: number[]
  authors: number[]
  articles: number[]
  issues: number[]
}

/** The id of the entry at `index`, failing loudly on a dangling reference. */
export function idAt (ids: readonly number[], index: number, what: string): number {
  const id = ids[index]
  if (id === undefined) throw new Error(`dataset: no ${what} at index ${index}`)
  return id
}

export function idsAt (ids: readonly number[], indexes: readonly number[], what: string): number[] {
  return indexes.map(index => idAt(ids, index, what))
}
