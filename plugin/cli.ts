#!/usr/bin/env node
/**
 * fastify-content-api CLI: serve a schema folder without writing a host app, and create
 * admin users. `main` returns the exit code so it can be tested without spawning a process;
 * each command lives in its own file of `cli/`, and `main` only picks one and words its errors.
 */
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ApiError } from './errors.js'
import { adminCreate } from './cli/admin-create.js'
import { UsageError } from './cli/arguments.js'
import { importStrapiCommand } from './cli/import-strapi.js'
import { graphqlSchema } from './cli/graphql-schema.js'
import { defaultIo } from './cli/io.js'
import type { Io } from './cli/io.js'
import { serve } from './cli/serve.js'
import { tokensCreate } from './cli/tokens-create.js'
import { types } from './cli/types.js'
import { USAGE } from './cli/usage.js'

/** Runs one command line; resolves to the process exit code (serve keeps running and resolves 0). */
export async function main (argv: string[], io: Io = defaultIo): Promise<number> {
  const [command, ...rest] = argv
  try {
    if (command === undefined || command === '') throw new UsageError('missing command')
    if (command === '-h' || command === '--help' || command === 'help' || rest.includes('--help') || rest.includes('-h')) {
      io.out(USAGE)
      return 0
    }
    switch (command) {
      case 'serve':
        await serve(rest)
        return 0
      case 'types':
        return await types(rest, io)
      case 'admin:create':
        return await adminCreate(rest, io)
      case 'tokens:create':
        return await tokensCreate(rest, io)
      case 'graphql:schema':
        return await graphqlSchema(rest, io)
      case 'import:strapi':
        return await importStrapiCommand(rest, io, io === defaultIo && process.stderr.isTTY ? process.stderr : null)
      default:
        throw new UsageError(`unknown command "${command}" (expected serve, types, graphql:schema, admin:create, tokens:create or import:strapi)`)
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`fastify-content-api: ${(error as Error).message}\nRun "fastify-content-api --help" for usage.\n`)
      return 2
    }
    // A bad option or schema names the file and attribute, and an API error (a duplicate
    // admin email) says what is wrong: the message is enough.
    const expected = error instanceof ApiError || (error instanceof Error && ['OptionsError', 'SchemaError', 'StrapiSourceError'].includes(error.name))
    const text = error instanceof Error ? (expected ? error.message : (error.stack ?? error.message)) : String(error)
    io.err(`${text.startsWith('fastify-content-api') ? '' : 'fastify-content-api: '}${text}\n`)
    return 1
  }
}

function invokedDirectly (): boolean {
  const entry = process.argv[1]
  if (entry === undefined) return false
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

if (invokedDirectly()) {
  const code = await main(process.argv.slice(2))
  if (code !== 0) process.exit(code)
}
