/**
 * Text PostgreSQL cannot hold: a NUL character (text values and parameters refuse it, so
 * the statement fails) and a lone UTF-16 surrogate (sent as U+FFFD, so a different string
 * is stored or compared without a word). Every string from a client that reaches SQL is
 * checked with this, so such input is a 400 naming where it was, never a 500.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Why `text` cannot be stored or compared, or null when it can. */
export function unstorableTextProblem (text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)'
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds a lone surrogate)'
  return null
}
