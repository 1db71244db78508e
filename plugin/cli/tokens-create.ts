/** `tokens:create`: one API token, its key printed once. */
import { resolve } from 'node:path'
import { databaseOption, load, PLUGIN_TIMEOUT } from './app.js'
import { commandOptions, customFieldsOption, jwtSecret, MODEL_OPTIONS, required, UsageError } from './arguments.js'
import type { Io } from './io.js'

const TOKEN_TYPES = ['read-only', 'full-access', 'custom'] as const

export async function tokensCreate (args: string[], io: Io): Promise<number> {
  const values = commandOptions(args, {
    ...MODEL_OPTIONS,
    name: { type: 'string' },
    type: { type: 'string' },
    permissions: { type: 'string' },
    'lifespan-days': { type: 'string' }
  })
  const { schemas, name, type } = required(values, ['schemas', 'name', 'type'], 'tokens:create')
  if (!(TOKEN_TYPES as readonly string[]).includes(type)) throw new UsageError(`tokens:create: --type must be one of ${TOKEN_TYPES.join(', ')}`)
  const lifespan = values['lifespan-days'] === undefined ? undefined : Number(values['lifespan-days'])
  if (lifespan !== undefined && !(lifespan > 0)) throw new UsageError('tokens:create: --lifespan-days must be a positive number')
  let permissions: Record<string, string[]> | undefined
  try {
    permissions = values.permissions === undefined ? undefined : JSON.parse(values.permissions) as Record<string, string[]>
  } catch {
    throw new UsageError('tokens:create: --permissions must be JSON like {"api::article.article":["find"]}')
  }
  const secret = jwtSecret('tokens:create')
  const { Fastify, contentApi } = await load()
  const app = Fastify({ logger: { level: 'error' }, pluginTimeout: PLUGIN_TIMEOUT })
  const customFields = customFieldsOption('tokens:create', values['custom-fields'])
  await app.register(contentApi, { schemas: resolve(schemas), ...databaseOption(), ...customFields, permissions: { jwtSecret: secret }, docs: false })
  await app.ready()
  try {
    const token = await app.contentApi.apiTokens!.create({
      name,
      type: type as typeof TOKEN_TYPES[number],
      ...(permissions === undefined ? {} : { permissions }),
      ...(lifespan === undefined ? {} : { lifespanDays: lifespan })
    })
    io.out(`API token "${token.name}" (${token.type}) created. Its key, shown only now:\n${token.accessKey}\n`)
    return 0
  } finally {
    await app.close()
  }
}
