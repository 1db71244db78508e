/**
 * The locales of the `i18n` option as Strapi's i18n plugin lists its locale rows (the admin
 * API's `/i18n/locales`, GraphQL's `i18NLocales`). Locales here are an option, not rows: each
 * one's id is its position in `i18n.locales`, from 1, stable while the option lists them in
 * the same order. Names are English language names with the code, as Strapi names them.
 */
import type { LocaleSettings } from './locale-settings.js'

export interface ListedLocale {
  id: number
  name: string
  code: string
  isDefault: boolean
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' })

export function listedLocales (settings: LocaleSettings | null): ListedLocale[] {
  if (settings === null) return []
  return settings.locales.map((code, index) => ({ id: index + 1, name: `${LANGUAGE_NAMES.of(code) ?? code} (${code})`, code, isDefault: code === settings.defaultLocale }))
}
