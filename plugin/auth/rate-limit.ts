/**
 * Rate limits of the routes that take a password (issue 11): log in, register, admin log
 * in. Each route counts its attempts per client address and per account named in the
 * body, with @fastify/rate-limit's counters; over either, it answers 429 as Strapi v4
 * does (`RateLimitError`, "Too many requests, please try again later.") with Retry-After.
 * Every attempt counts, successful or not, and is counted before the password is checked,
 * so parallel bursts cannot slip past the count.
 */
import { createHash } from 'node:crypto'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify'
import { RateLimitError } from '../errors.js'

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
 * addresses: about 1,440 guesses a day instead of the 1,000 in 9 s the issue measured.
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
  if (!isObject(raw)) return { ok: false, problem: 'rateLimit must be false or { perIp, perIdentifier }' }
  const value: ResolvedRateLimit = { ...DEFAULT_RATE_LIMIT }
  for (const key of Object.keys(raw)) {
    if (key !== 'perIp' && key !== 'perIdentifier') return { ok: false, problem: `rateLimit.${key} is not an option (known: perIp, perIdentifier)` }
    const window = raw[key]
    if (window === false) {
      value[key] = null
      continue
    }
    if (!isObject(window)) return { ok: false, problem: `rateLimit.${key} must be false or { max, timeWindow }` }
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

function isObject (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The hooks a limited route adds to its options. */
export interface LimitHooks {
  onRequest?: onRequestAsyncHookHandler
  preValidation?: preValidationAsyncHookHandler
}

/** Builds the hooks of one limited route; each route counts on its own. */
export type RouteLimiter = (identifierOf: (body: Record<string, unknown>) => unknown) => LimitHooks

/**
 * Registers @fastify/rate-limit in `scope`, off for every route but those given the hooks
 * of `routeLimiter` (and not again when a host already registered it).
 */
export async function installRateLimiting (scope: FastifyInstance, settings: ResolvedRateLimit | null): Promise<void> {
  if (settings !== null && !scope.hasDecorator('createRateLimit')) await scope.register(rateLimit, { global: false })
}

/** In a scope where `installRateLimiting` ran (or its child). */
export function routeLimiter (scope: FastifyInstance, settings: ResolvedRateLimit | null): RouteLimiter {
  if (settings === null) return () => ({})
  return (identifierOf) => {
    const hooks: LimitHooks = {}
    if (settings.perIp !== null) {
      // The library's own key: the client address, IPv6 by its /64.
      const check = scope.createRateLimit({ ...settings.perIp })
      hooks.onRequest = async (request, reply) => { refuseOver(reply, await check(request)) }
    }
    if (settings.perIdentifier !== null) {
      const check = scope.createRateLimit({ ...settings.perIdentifier, keyGenerator: request => identifierKey(identifierText(request, identifierOf)!) })
      hooks.preValidation = async (request, reply) => {
        // A body without a usable identifier is refused before any account is looked up.
        if (identifierText(request, identifierOf) === null) return
        refuseOver(reply, await check(request))
      }
    }
    return hooks
  }
}

function identifierText (request: FastifyRequest, identifierOf: (body: Record<string, unknown>) => unknown): string | null {
  const body = request.body
  if (!isObject(body)) return null
  const identifier = identifierOf(body)
  return typeof identifier === 'string' && identifier !== '' ? identifier : null
}

/** Case folded (emails are looked up in lower case) and hashed: a key of fixed size, whatever was sent. */
function identifierKey (identifier: string): string {
  return `id:${createHash('sha256').update(identifier.toLowerCase()).digest('base64url')}`
}

type Check = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>

function refuseOver (reply: FastifyReply, check: Check): void {
  if (check.isAllowed || !check.isExceeded) return
  reply.header('retry-after', String(Math.max(1, check.ttlInSeconds)))
  throw new RateLimitError()
}
