/** What every command needs to start the plugin: Fastify and the plugin, loaded late, and the database option. */

/** The first start creates the tables; on the embedded database that can pass Fastify's 10 s default. */
export const PLUGIN_TIMEOUT = 120_000

/** Loaded on demand, so `--help` and usage errors answer at once. */
export async function load (): Promise<{ Fastify: typeof import('fastify').default, contentApi: typeof import('../index.js').default }> {
  const [{ default: Fastify }, { default: contentApi }] = await Promise.all([import('fastify'), import('../index.js')])
  return { Fastify, contentApi }
}

export function databaseOption (): { database?: { url: string } } {
  const url = process.env['DATABASE_URL']
  return url !== undefined && url !== '' ? { database: { url } } : {}
}
