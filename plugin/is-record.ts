/** A JSON-object-like value: not null, not an array. The one shape check every layer's input needs. */
export function isRecord (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
