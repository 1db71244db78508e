/** Strapi's `id: ID` arguments, read as row ids. */
import { parseRowId } from '../content-types/row-ids.js'
import { ValidationError } from '../errors.js'

/** `id: ID`: digits; absent, or one no row can have, finds nothing (`data: null`, as Strapi answers an unknown id). */
export function entryId (raw: unknown): number | null {
  if (raw === undefined || raw === null) return null
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw ValidationError.at(['id'], `Invalid id ${JSON.stringify(raw)}: ids are positive integers`)
  return parseRowId(raw)
}
