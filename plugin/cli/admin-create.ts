/** `admin:create`: one admin user with one of the default roles, the author recorded in createdBy/updatedBy. */
import { resolve } from 'node:path'
import { databaseOption, load, PLUGIN_TIMEOUT } from './app.js'
import { commandOptions, customFieldsOption, MODEL_OPTIONS, required, UsageError } from './arguments.js'
import type { Io } from './io.js'

/** `--role`'s values: the default roles' short names (plugin/admin/roles/roles.ts, ROLE_NAMES). */
const ROLES = ['super-admin', 'editor', 'author']

interface AdminUserInput { email: string, firstname: string, lastname: string, password: string, role: string }
interface AdminDecoration { createUser?: (user: AdminUserInput) => Promise<unknown> }

export async function adminCreate (args: string[], io: Io): Promise<number> {
  const values = commandOptions(args, {
    ...MODEL_OPTIONS,
    email: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'super-admin' }
  })
  const role = values.role
  if (!ROLES.includes(role)) throw new UsageError(`admin:create: --role must be one of ${ROLES.join(', ')}`)
  const user: AdminUserInput = { ...required(values, ['email', 'firstname', 'lastname', 'password'], 'admin:create'), role }

  const { Fastify, contentApi } = await load()
  const app = Fastify({ logger: { level: 'error' }, pluginTimeout: PLUGIN_TIMEOUT })
  // Admin users live in their own table, so no content model is needed to create one.
  const model = values.schemas !== undefined ? { schemas: resolve(values.schemas) } : { contentTypes: {}, components: {} }
  await app.register(contentApi, { ...model, ...databaseOption(), ...customFieldsOption('admin:create', values['custom-fields']) })
  await app.ready()
  try {
    const admin = (app as unknown as { contentApi?: { admin?: AdminDecoration } }).contentApi?.admin
    if (typeof admin?.createUser !== 'function') {
      io.err('admin:create: this build of fastify-content-api has no admin users yet (app.contentApi.admin.createUser is missing)\n')
      return 1
    }
    await admin.createUser(user)
    io.out(`Admin user ${user.email} created (${role})\n`)
    return 0
  } finally {
    await app.close()
  }
}
