/** `graphql:schema`: the GraphQL schema (SDL) the endpoint serves for a schema folder. */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { commandOptions, customFieldsOption, localesOption, MODEL_OPTIONS, required } from './arguments.js'
import type { Io } from './io.js'

export async function graphqlSchema (args: string[], io: Io): Promise<number> {
  const values = commandOptions(args, { ...MODEL_OPTIONS, out: { type: 'string' }, locales: { type: 'string' }, sorted: { type: 'boolean' } })
  const { schemas } = required(values, ['schemas'], 'graphql:schema')
  const { i18n } = localesOption('graphql:schema', values.locales)
  const [{ loadSchemaFolder }, { buildRegistry }, { printContentSchema }] = await Promise.all([
    import('../content-types/load.js'), import('../content-types/registry.js'), import('../graphql/print-schema.js')
  ])
  const registry = buildRegistry(await loadSchemaFolder(resolve(schemas)), {
    i18n: i18n === undefined ? null : { locales: i18n.locales, defaultLocale: i18n.locales[0]! },
    ...customFieldsOption('graphql:schema', values['custom-fields'])
  })
  const sdl = printContentSchema(registry, { sorted: values.sorted === true })
  if (values.out === undefined) {
    io.out(sdl)
    return 0
  }
  const out = resolve(values.out)
  await mkdir(dirname(out), { recursive: true })
  await writeFile(out, sdl)
  io.err(`GraphQL schema written to ${out}\n`)
  return 0
}
