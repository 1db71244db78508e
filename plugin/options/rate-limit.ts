import { isRecord } from '../is-record.js'/**
 * The `rateLimit` option (docs/access-control.md, 'Logins: rate limits and timing'): attempts at log in, register and admin log in, per
 * client address and per account; checked with the other options. The limits at work:
 * auth/rate-limit.
 */

export interface RateWindow {
  /** Attempts allowed in one window. */
  max?: number
  /** The window, in milliseconds. */
  timeWindow?: number
}

export interface RateLimitOptions {
  /** Per client address (`request.ip`: set Fastify's `trustProxy` behind a proxy); `false`: off. */
  perIp?: RateWindow | false
  /** Per account named in the body (identifier, email), across addresses; `false`: off. */
  perIdentifier?: RateWindow | false
}

export type ResolvedRateLimit = Record<keyof RateLimitOptions, Required<RateWindow> | null>

/**
 * An office behind one address can still log in together (20 a minute per route), while
 * one account can be tried at most 10 times in 10 minutes whatever the number of
 * addresses: slow enough that guessing a password takes years, not seconds.
 */
export const DEFAULT_RATE_LIMIT: Record<keyof RateLimitOptions, Required<RateWindow>> = {
  perIp: { max: 20, timeWindow: 60_000 },
  perIdentifier: { max: 10, timeWindow: 600_000 }
}

type Resolution = { ok: true, value: ResolvedRateLimit | null } | { ok: false, problem: string }

/** The `rateLimit` option: omitted, the defaults; `false`, no limits (a host limiting elsewhere). */
export function resolveRateLimit (raw: unknown): Resolution {
  if (raw === false) return { ok: true, value: null }
  if (raw === undefined) return { ok: true, value: { ...DEFAULT_RATE_LIMIT } }
  if (!isRecord(raw)) return { ok: false, problem: 'rateLimit must be false or { perIp, perIdentifier }' }
  const value: ResolvedRateLimit = { ...DEFAULT_RATE_LIMIT }
  for (const key of Object.keys(raw)) {
    if (key !== 'perIp' && key !== 'perIdentifier') return { ok: false, problem: `rateLimit.${key} is not an option (known: perIp, perIdentifier)` }
    const window = raw[key]
    if (window === false) {
      value[key] = null
      continue
    }
    if (!isRecord(window)) return { ok: false, problem: `rateLimit.${key} must be false or { max, timeWindow }` }
    const resolved = { ...DEFAULT_RATE_LIMIT[key] }
    for (const setting of Object.keys(window)) {
      if (setting !== 'max' && setting !== 'timeWindow') return { ok: false, problem: `rateLimit.${key}.${setting} is not an option (known: max, timeWindow)` }
      const number = window[setting]
      if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) {
        return { ok: false, problem: `rateLimit.${key}.${setting} must be a positive integer, got ${JSON.stringify(number)}` }
      }
      resolved[setting] = number
    }
    value[key] = resolved
  }
  return { ok: true, value }
}
