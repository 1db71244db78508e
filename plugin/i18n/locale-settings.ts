/**
 * The `i18n` option (docs/i18n.md): which locales entries may be written in, and the one a
 * request gets when it names none. Content types opt in with `pluginOptions.i18n.localized`.
 */

export interface I18nOptions {
  /** Locale codes such as `en`, `fr`, `pt-BR`; the first is the default unless `defaultLocale` says otherwise. */
  locales: string[]
  defaultLocale?: string
}

export interface LocaleSettings {
  locales: readonly string[]
  defaultLocale: string
}

/** `all` is the query value for every locale, so it can never be a locale code. */
export const ALL_LOCALES = 'all'

/** BCP 47-like codes as Strapi lists them: `en`, `fr-CA`, `zh-Hans-CN`, `es-419`. */
const LOCALE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/

/** The checked settings, or the problem with them (worded for an options error). */
export function resolveLocaleSettings (raw: unknown): { ok: true, value: LocaleSettings | null } | { ok: false, problem: string } {
  if (raw === undefined || raw === false) return { ok: true, value: null }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, problem: 'i18n must be { locales, defaultLocale }' }
  const { locales, defaultLocale } = raw as { locales?: unknown, defaultLocale?: unknown }
  if (!Array.isArray(locales) || locales.length === 0) return { ok: false, problem: 'i18n.locales must be a non-empty array of locale codes' }
  for (const locale of locales) {
    if (typeof locale !== 'string' || !LOCALE_CODE.test(locale) || locale === ALL_LOCALES) {
      return { ok: false, problem: `i18n.locales: ${JSON.stringify(locale)} is not a locale code such as "en" or "fr-CA"` }
    }
  }
  if (new Set(locales).size !== locales.length) return { ok: false, problem: 'i18n.locales lists a locale twice' }
  const chosen = defaultLocale ?? locales[0]
  if (typeof chosen !== 'string' || !locales.includes(chosen)) {
    return { ok: false, problem: `i18n.defaultLocale ${JSON.stringify(defaultLocale)} must be one of i18n.locales` }
  }
  return { ok: true, value: { locales: [...locales as string[]], defaultLocale: chosen } }
}

/** A request's locale, when it is one of the configured ones. */
export function isConfiguredLocale (settings: LocaleSettings, value: unknown): value is string {
  return typeof value === 'string' && settings.locales.includes(value)
}

/** The problem with a locale that is not configured, worded after the attribute or parameter name. */
export function unknownLocaleProblem (settings: LocaleSettings): string {
  return `must be one of ${settings.locales.join(', ')}`
}
