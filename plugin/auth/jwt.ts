/**
 * Signing and checking the plugin's JWTs with @fastify/jwt, registered inside the
 * plugin's own scope so a host's @fastify/jwt never collides with it.
 */
import fastifyJwt from '@fastify/jwt'
import type { FastifyInstance } from 'fastify'
import type { TokenClaims } from './caller.js'

export interface JwtSigner {
  sign: (claims: TokenClaims) => string
  verify: (token: string) => TokenClaims | null
}

function isClaims (value: unknown): value is TokenClaims {
  const claims = value as Partial<TokenClaims> | null
  return typeof claims?.id === 'number' && (claims.kind === 'user' || claims.kind === 'admin')
}

export async function installJwt (app: FastifyInstance, secret: string, expiresIn: string | number): Promise<JwtSigner> {
  await app.register(fastifyJwt, { secret, sign: { expiresIn }, namespace: 'contentApi', decoratorName: 'contentApiJwtPayload' })
  const jwt = (app as unknown as { jwt: { contentApi: { sign: (p: object) => string, verify: (t: string) => unknown } } }).jwt.contentApi
  return {
    sign: (claims) => jwt.sign({ id: claims.id, kind: claims.kind }),
    verify: (token) => {
      try {
        const claims = jwt.verify(token)
        return isClaims(claims) ? claims : null
      } catch {
        return null
      }
    }
  }
}
