/**
 * The bodies of the password and email flows, checked as Strapi v4's yup schemas check them
 * (strict, every problem reported): each field a non-empty string, and for most flows no key
 * beside them. The words are yup's, the shape of the 400 Strapi's (`details.errors`, and
 * "N errors occurred" when there are several).
 */
import { ValidationError, type ValidationIssue } from '../errors.js'
import { isRecord } from '../is-record.js'

interface BodyRules {
  /** Strapi's `.noUnknown()`: a key beside the fields is a problem of the body. */
  noUnknown: boolean
}

/** yup's `printValue`, for the values a JSON body can hold. */
function printed (value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : Array.isArray(value) ? '[...]' : isRecord(value) ? '{...}' : String(value)
}

/** The body's `fields`, each a string; anything else is Strapi's 400, its problems in the order of `fields` (yup's, recorded). */
export function checkedBody<K extends string> (body: unknown, fields: readonly K[], rules: BodyRules): Record<K, string> {
  const given = isRecord(body) ? body : {}
  const issues: ValidationIssue[] = []
  const issue = (path: string[], message: string): void => { issues.push({ path, message, name: 'ValidationError' }) }
  for (const field of fields) {
    const value = given[field]
    if (value === undefined || value === '') issue([field], `${field} is a required field`)
    else if (typeof value !== 'string') issue([field], `${field} must be a \`string\` type, but the final value was: \`${printed(value)}\`.`)
  }
  const unknown = Object.keys(given).filter(key => !(fields as readonly string[]).includes(key))
  if (rules.noUnknown && unknown.length > 0) issue([], `this field has unspecified keys: ${unknown.join(', ')}`)
  if (issues.length > 0) throw new ValidationError(issues.length === 1 ? issues[0]!.message : `${issues.length} errors occurred`, issues)
  return given as Record<K, string>
}
