/**
 * Deep equality of two parsed JSON answers, with a readable list of where they differ
 * (key order is not compared: JSON objects are unordered).
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const MAX_DIFFERENCES = 25

function show (value: Json | undefined): string {
  const text = value === undefined ? '(absent)' : JSON.stringify(value)
  return text.length > 140 ? `${text.slice(0, 137)}...` : text
}

function kind (value: Json): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
}

function walk (ours: Json, theirs: Json, path: string, out: string[]): void {
  if (out.length >= MAX_DIFFERENCES) return
  if (kind(ours) !== kind(theirs)) {
    out.push(`${path}: ${show(ours)}  ≠  ${show(theirs)}`)
    return
  }
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    if (ours.length !== theirs.length) out.push(`${path}: ${ours.length} items  ≠  ${theirs.length} items`)
    for (let index = 0; index < Math.min(ours.length, theirs.length); index++) walk(ours[index]!, theirs[index]!, `${path}[${index}]`, out)
    return
  }
  if (ours !== null && theirs !== null && typeof ours === 'object' && typeof theirs === 'object') {
    const left = ours as Record<string, Json>
    const right = theirs as Record<string, Json>
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      const child = `${path}.${key}`
      if (!(key in right)) out.push(`${child}: ${show(left[key])}  ≠  (absent)`)
      else if (!(key in left)) out.push(`${child}: (absent)  ≠  ${show(right[key])}`)
      else walk(left[key]!, right[key]!, child, out)
      if (out.length >= MAX_DIFFERENCES) return
    }
    return
  }
  if (ours !== theirs) out.push(`${path}: ${show(ours)}  ≠  ${show(theirs)}`)
}

/** Where `ours` differs from `theirs` (at most 25 lines); empty when equal. */
export function differences (ours: Json, theirs: Json): string[] {
  const out: string[] = []
  walk(ours, theirs, '$', out)
  return out
}

/** A copy with the values under `keys` replaced by a placeholder and every string passed through `text`. */
export function normalise (value: Json, keys: ReadonlySet<string>, text: (value: string) => string = value => value): Json {
  if (Array.isArray(value)) return value.map(item => normalise(item, keys, text))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, keys.has(key) && inner !== null ? '<varies>' : normalise(inner, keys, text)]))
  }
  return typeof value === 'string' ? text(value) : value
}
