/** The one SQL module of the plugin, for reads and writes alike: fragments, quoted text, JSON, statement shapes. */
export { EMPTY_SQL, Sql, join, raw, sql, valueList, type RenderedSql } from './fragment.js'
export { Aliases, identifier, jsonObject, literal } from './text.js'
export { intArray, oneStatement } from './statements.js'
