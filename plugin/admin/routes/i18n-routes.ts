/** `GET /i18n/locales` (docs/admin-api.md, 'i18n and media'): the locales of the `i18n` option, in Strapi's shape. */
import type { FastifyInstance } from 'fastify'
import type { Registry } from '../../content-types/registry.js'
import { listedLocales } from '../../i18n/locale-list.js'

export function registerI18nRoutes ({ registry }: { registry: Registry }) {
  const locales = listedLocales(registry.i18n)
  return (scope: FastifyInstance): void => {
    scope.get('/i18n/locales', async () => locales)
  }
}
