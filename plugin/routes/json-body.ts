/**
 * JSON bodies in the content API's scope. Strapi's own test client and many SDKs send
 * `Content-Type: application/json` on every request, a `DELETE` or `GET` with no body
 * included, and Strapi answers them; Fastify's parser refuses an empty JSON body. Here an
 * empty one is no body (a write without one then answers its usual missing-`data` 400),
 * and any other text goes to Fastify's own parser, with its protections and limits.
 */
import type { FastifyInstance } from 'fastify'

export function acceptEmptyJsonBodies (app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning)
  // Only this encapsulated scope changes: the host keeps its parser for its own routes.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text === '') {
      done(null, undefined)
      return
    }
    parseJson(request, text, done)
  })
}
