/**
 * Serves the upload folder under `/uploads` at the host level (file URLs are public, as in
 * Strapi). The files came from anyone with upload rights, so they are sent with headers
 * that stop a browser from sniffing them into something else or running them as a page.
 */
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { UPLOADS_URL_PREFIX } from './storage.js'

export async function serveUploads (app: FastifyInstance, dir: string): Promise<void> {
  // Encapsulated, so a host that uses @fastify/static itself keeps its own decorators.
  await app.register(async scope => {
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: `${UPLOADS_URL_PREFIX}/`,
      decorateReply: false,
      // The folder is made by the first upload.
      suppressWarning: true,
      index: false,
      dotfiles: 'ignore',
      setHeaders (reply) {
        reply.header('X-Content-Type-Options', 'nosniff')
        reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      }
    })
  })
}
