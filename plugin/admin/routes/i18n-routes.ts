/** `GET /i18n/locales` (docs/admin-api.md, 'i18n and media'): the locales of the `i18n` option, in Strapi's shape. */
import type { FastifyInstance } from 'fastify'
import type { Registry } from '../../content-types/registry.js'

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' })

export function registerI18nRoutes ({ registry }: { registry: Registry }) {
  const settings = registry.i18n
  const locales = settings === null
    ? []
    : settings.locales.map((code, index) => ({ id: index + 1, name: `${LANGUAGE_NAMES.of(code) ?? code} (${code})`, code, isDefault: code === settings.defaultLocale }))
  return (scope: FastifyInstance): void => {
    scope.get('/i18n/locales', async () => locales)
  }
}
