/** `types`: TypeScript declarations of a schema folder's content types and components. */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { API_FORMATS } from '../options/api-format.js'
import type { ApiFormat } from '../options/api-format.js'
import { commandOptions, customFieldsOption, localesOption, MODEL_OPTIONS, required, UsageError } from './arguments.js'
import type { Io } from './io.js'

export async function types (args: string[], io: Io): Promise<number> {
  const values = commandOptions(args, { ...MODEL_OPTIONS, out: { type: 'string' }, locales: { type: 'string' }, 'api-format': { type: 'string' } })
  const { schemas } = required(values, ['schemas'], 'types')
  const { i18n } = localesOption('types', values.locales)
  const apiFormat = values['api-format'] ?? 'v4'
  if (!API_FORMATS.includes(apiFormat as ApiFormat)) throw new UsageError(`types: --api-format must be v4 or v5, got "${apiFormat}"`)
  const { schemaFolderTypes } = await import('../typegen/schema-folder-types.js')
  const source = await schemaFolderTypes(resolve(schemas), {
    apiFormat: apiFormat as ApiFormat,
    i18n: i18n === undefined ? null : { locales: i18n.locales, defaultLocale: i18n.locales[0]! },
    ...customFieldsOption('types', values['custom-fields'])
  })
  if (values.out === undefined) {
    io.out(source)
    return 0
  }
  const out = resolve(values.out)
  await mkdir(dirname(out), { recursive: true })
  await writeFile(out, source)
  io.err(`TypeScript declarations written to ${out}\n`)
  return 0
}
