/**
 * The schema the endpoint serves for a registry, as SDL text (the CLI's `graphql:schema`):
 * for a front end's code generator, or to compare with Strapi's. The users-permissions fields
 * (`me`, `login`, `register`, users and roles) are added only where the app has the `permissions`
 * option; the i18n plugin's `i18NLocale(s)` where locales are given.
 */
import { lexicographicSortSchema, printSchema } from 'graphql'
import type { Registry } from '../content-types/registry.js'
import { buildContentSchema } from './schema.js'

/** Never called: a printed schema runs nothing. */
const unreachable = (): never => { throw new Error('a printed schema does not execute') }

export function printContentSchema (registry: Registry, { sorted = false }: { sorted?: boolean } = {}): string {
  const { schema } = buildContentSchema({
    registry,
    resolveRoot: () => unreachable,
    resolveMutation: () => unreachable,
    // As an app with uploads on, the default.
    files: true,
    // The limits only page answers; the printed types do not depend on them.
    ...(registry.i18n === null ? {} : { locales: { settings: registry.i18n, limits: { defaultLimit: 1, maxLimit: 1 } } })
  })
  return `${printSchema(sorted ? lexicographicSortSchema(schema) : schema)}\n`
}
