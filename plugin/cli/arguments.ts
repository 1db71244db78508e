/** The argument checks and option parsers that more than one command shares. */
import { parseArgs } from 'node:util'
import type { ParseArgsOptionsConfig } from 'node:util'
import { resolveLocaleSettings } from '../i18n/locale-settings.js'
import type { I18nOptions } from '../i18n/locale-settings.js'

/** A mistake in the command line: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {}

/** The options every command takes alike: the schema folder and the custom fields. */
export const MODEL_OPTIONS = { schemas: { type: 'string' }, 'custom-fields': { type: 'string' } } as const

/** A command's `--name value` options; an unknown option or a positional argument is a usage error. */
export function commandOptions<Options extends ParseArgsOptionsConfig> (args: string[], options: Options) {
  return parseArgs({ args, options, strict: true, allowPositionals: false }).values
}

export function required<K extends string> (values: Partial<Record<string, string | boolean>>, names: K[], command: string): Record<K, string> {
  const missing = names.filter((name) => typeof values[name] !== 'string' || values[name] === '')
  if (missing.length > 0) {
    throw new UsageError(`${command}: missing ${missing.map((name) => `--${name}`).join(', ')}`)
  }
  return Object.fromEntries(names.map((name) => [name, values[name]])) as Record<K, string>
}

export function jwtSecret (command: string): string {
  const secret = process.env['JWT_SECRET']
  if (secret === undefined || secret === '') throw new UsageError(`${command}: set JWT_SECRET (at least 16 characters)`)
  return secret
}

/** `--locales en,fr` → the i18n option (the first locale is the default one). */
export function localesOption (command: string, text: string | undefined): { i18n?: I18nOptions } {
  if (text === undefined) return {}
  const resolved = resolveLocaleSettings({ locales: text.split(',').map(locale => locale.trim()) })
  if (!resolved.ok) throw new UsageError(`${command}: --locales: ${resolved.problem}`)
  return { i18n: { locales: [...resolved.value!.locales] } }
}

/** `--custom-fields plugin::a.b=string,global::c=json` → the customFields option (the plugin checks the types). */
export function customFieldsOption (command: string, text: string | undefined): { customFields?: Record<string, string> } {
  if (text === undefined) return {}
  const customFields: Record<string, string> = {}
  for (const pair of text.split(',').map(part => part.trim()).filter(part => part !== '')) {
    const match = /^([^=\s]+)=([a-z]+)$/.exec(pair)
    if (match === null) throw new UsageError(`${command}: --custom-fields: "${pair}" must look like plugin::color-picker.color=string`)
    customFields[match[1]!] = match[2]!
  }
  return { customFields }
}
