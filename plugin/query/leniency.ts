/**
 * Strapi 4.26 ignores what real front ends send and no longer means anything — populate
 * keys that are gone, populates of scalars — and answers 200, as Strapi does (docs/querying.md, 'What Strapi 4.26 ignores'). The
 * query compilers do the same unless the `strict` option asks for the 400 naming the key.
 * Ignoring is never silent: each ignored key is reported, and the HTTP side logs it.
 */
import { formatKey, invalidParameter, type KeyPath } from './parse.js'

/** One key a lenient compile left out, and why. */
export interface IgnoredKey {
  /** The model the key was looked up on (`api::article.article`, `shared.seo`). */
  model: string
  /** The name as the client wrote it. */
  name: string
  /** Where it sits in the query, e.g. `populate[seo][populate][0]`. */
  key: string
  reason: string
}

export interface Leniency {
  /** True: every key that Strapi would ignore is a 400 naming it. */
  strict: boolean
  /** Told about each ignored key (only when not strict). */
  ignored: (key: IgnoredKey) => void
}

/** Lenient, and nobody listening: for compiles whose caller has no log. */
export const QUIET_LENIENCY: Leniency = { strict: false, ignored: () => {} }

/**
 * The one decision: in strict mode the 400 (`Invalid parameter <name>`, with the reason
 * when one is given), otherwise a report and the compile goes on without the key.
 */
export function ignoreOrThrow (
  leniency: Leniency, at: { model: string, name: string, path: KeyPath, reason?: string }
): void {
  if (leniency.strict) throw invalidParameter(at.path, at.name, at.reason)
  leniency.ignored({ model: at.model, name: at.name, key: formatKey(at.path), reason: at.reason ?? 'not an attribute' })
}
