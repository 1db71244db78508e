/**
 * Rate limits of the routes that take a password, so that guessing one costs time (docs/access-control.md, 'Logins: rate limits and timing'): log in, register, admin log
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
import type { ResolvedRateLimit } from '../options/rate-limit.js'
import { isRecord } from '../is-record.js'

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

/** Counts one attempt with `identifier` (GraphQL's `login(input)`: credentials outside a route's body); throws RateLimitError past a limit. */
export type CredentialLimit = (reply: FastifyReply, identifier: unknown) => Promise<void>

/** The limits of `routeLimiter` for credentials a route's body does not hold; in a scope where `installRateLimiting` ran. */
export function credentialLimiter (scope: FastifyInstance, settings: ResolvedRateLimit | null): CredentialLimit {
  if (settings === null) return async () => {}
  const perIp = settings.perIp === null ? null : scope.createRateLimit({ ...settings.perIp })
  /** The identifier each request checks, for the key generator, which sees only the request. */
  const identifiers = new WeakMap<FastifyRequest, string>()
  const perIdentifier = settings.perIdentifier === null
    ? null
    : scope.createRateLimit({ ...settings.perIdentifier, keyGenerator: request => identifierKey(identifiers.get(request) ?? '') })
  return async (reply, identifier) => {
    if (perIp !== null) refuseOver(reply, await perIp(reply.request))
    if (perIdentifier === null || typeof identifier !== 'string' || identifier === '') return
    identifiers.set(reply.request, identifier)
    refuseOver(reply, await perIdentifier(reply.request))
  }
}

function identifierText (request: FastifyRequest, identifierOf: (body: Record<string, unknown>) => unknown): string | null {
  const body = request.body
  if (!isRecord(body)) return null
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
