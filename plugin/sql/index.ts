/** The one SQL module of the plugin, for reads and writes alike: fragments, quoted text, JSON, statement shapes. */
export { EMPTY_SQL, Sql, SqlParameter, join, numberedFirst, raw, sql, valueList, type RenderedSql } from './fragment.js'
export { Aliases, identifier, literal } from './text.js'
export { jsonObject } from './json.js'
export { intArray, oneStatement, runSql, type SqlRunner } from './statements.js'
