/**
 * Serves the admin panel's bundle (built by `npm run build` into dist/admin-panel) at
 * `admin.path`: hashed assets with @fastify/static, and index.html for the panel path and every
 * deep link under it (the single-page app routes them), with the panel's CSP.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { PANEL_CSP, panelPage } from './panel-page.js'

/** The package's root: the nearest folder above this file with a package.json (from plugin/ and from dist/plugin/ alike). */
function packageRoot (): string {
  let folder = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder)
    if (parent === folder) throw new Error('The admin panel cannot find its package root')
    folder = parent
  }
  return folder
}

export const PANEL_BUILD_DIR = join(packageRoot(), 'dist', 'admin-panel')

/**
 * A request under the panel for a file (an extension in its last segment): never answered with
 * index.html. A list's URL ends with its type's uid ('api::article.article'), which has a dot
 * too but always a colon (or its escape): a segment with either is the app's.
 */
const FILE_LIKE = /\/[^/:%]+\.[A-Za-z0-9]+$/

export async function serveAdminPanel (app: FastifyInstance, options: { path: string, buildDir?: string }): Promise<void> {
  const buildDir = options.buildDir ?? PANEL_BUILD_DIR
  const indexFile = join(buildDir, 'index.html')
  const built = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null
  const page = built === null ? null : panelPage(built, { panelPath: options.path, apiRoot: app.prefix })

  // Encapsulated, so a host that uses @fastify/static itself keeps its own decorators.
  await app.register(async scope => {
    if (built !== null) {
      await scope.register(fastifyStatic, {
        root: buildDir,
        prefix: `${options.path}/`,
        decorateReply: false,
        wildcard: false,
        index: false,
        // Only the bundle's assets: index.html goes out rewritten below, the build's hash file never.
        allowedPath: pathName => pathName.startsWith('/assets/'),
        // Vite names assets after their content: they never change under the same name.
        maxAge: '365d',
        immutable: true,
        setHeaders (reply) {
          reply.header('X-Content-Type-Options', 'nosniff')
        }
      })
    }

    const sendPage = async (url: string, reply: FastifyReply) => {
      if (page === null) {
        return await reply.code(503).send({ data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'The admin panel is not built: run `npm run build`', details: {} } })
      }
      if (FILE_LIKE.test(url.split('?')[0] ?? '')) {
        return await reply.code(404).send({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } })
      }
      return await reply
        .header('Content-Security-Policy', PANEL_CSP)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'same-origin')
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page)
    }
    scope.get(options.path, async (_request, reply) => await reply.redirect(`${options.path}/`))
    scope.get(`${options.path}/`, async (request, reply) => await sendPage(request.url, reply))
    scope.get(`${options.path}/*`, async (request, reply) => await sendPage(request.url, reply))
  })
}
