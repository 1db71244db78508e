/** `serve`: the content API of a schema folder, listening until SIGINT or SIGTERM. */
import { resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { contentApiServerOptions } from '../routes/client-errors.js'
import { databaseOption, load, PLUGIN_TIMEOUT } from './app.js'
import { commandOptions, customFieldsOption, jwtSecret, localesOption, MODEL_OPTIONS, required, UsageError } from './arguments.js'

function parsePort (text: string): number {
  const port = Number(text)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`serve: --port must be an integer from 0 to 65535, got "${text}"`)
  return port
}

async function permissionsOption (file: string | undefined): Promise<{ permissions?: { jwtSecret: string, roles: Record<string, Record<string, string[]>> } }> {
  if (file === undefined) return {}
  const { readFile } = await import('node:fs/promises')
  const parsed = JSON.parse(await readFile(resolve(file), 'utf8')) as { roles?: Record<string, Record<string, string[]>> }
  return { permissions: { jwtSecret: jwtSecret('serve'), roles: parsed.roles ?? {} } }
}

export async function serve (args: string[]): Promise<FastifyInstance> {
  const values = commandOptions(args, {
    ...MODEL_OPTIONS,
    port: { type: 'string' },
    host: { type: 'string' },
    permissions: { type: 'string' },
    locales: { type: 'string' }
  })
  const { schemas } = required(values, ['schemas'], 'serve')
  const port = parsePort(values.port ?? '1337')
  const i18n = localesOption('serve', values.locales)

  const { Fastify, contentApi } = await load()
  const app = Fastify({ ...contentApiServerOptions, logger: { level: 'info' }, pluginTimeout: PLUGIN_TIMEOUT })
  const customFields = customFieldsOption('serve', values['custom-fields'])
  await app.register(contentApi, { schemas: resolve(schemas), ...databaseOption(), ...i18n, ...customFields, ...await permissionsOption(values.permissions) })
  await app.listen({ port, host: values.host ?? '127.0.0.1' })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(() => process.exit(0), () => process.exit(1))
    })
  }
  return app
}
