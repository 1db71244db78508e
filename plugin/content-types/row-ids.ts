/**
 * The integer limits every table shares: ids, link positions and `integer` attributes are
 * PostgreSQL `int4` columns. A number past them can name no row and fit no column, so every
 * check of an id, a position or an integer value reads its bounds here.
 */

export const INT4_MIN = -2_147_483_648
export const INT4_MAX = 2_147_483_647

/** The largest id a row can have (ids are serial `int4`). */
export const MAX_ROW_ID = INT4_MAX

/** The largest position in a list, a link's order or a page offset alike. */
export const MAX_POSITION = INT4_MAX

/** At most ten digits: `MAX_ROW_ID` has ten, and a longer text never needs reading. */
const ROW_ID_TEXT = /^\d{1,10}$/

/** Whether `id` is one a row can have: an integer from 1 to `MAX_ROW_ID`. */
export function isRowId (id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID
}

/** A row id from a number or a digit string, or null when it cannot name a row. */
export function parseRowId (raw: unknown): number | null {
  const value = typeof raw === 'string' && ROW_ID_TEXT.test(raw) ? Number(raw) : raw
  return typeof value === 'number' && isRowId(value) ? value : null
}
