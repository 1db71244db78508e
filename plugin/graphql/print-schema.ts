/**
 * The schema the endpoint serves for a registry, as SDL text (the CLI's `graphql:schema`):
 * for a front end's code generator, or to compare with Strapi's. The users-permissions fields
 * (`me`, `login`, `register`) are added only where the app has the `permissions` option.
 */
import { lexicographicSortSchema, printSchema } from 'graphql'
import type { Registry } from '../content-types/registry.js'
import { buildContentSchema } from './schema.js'

/** Never called: a printed schema runs nothing. */
const unreachable = (): never => { throw new Error('a printed schema does not execute') }

export function printContentSchema (registry: Registry, { sorted = false }: { sorted?: boolean } = {}): string {
  const { schema } = buildContentSchema({ registry, resolveRoot: () => unreachable, resolveMutation: () => unreachable })
  return `${printSchema(sorted ? lexicographicSortSchema(schema) : schema)}\n`
}
