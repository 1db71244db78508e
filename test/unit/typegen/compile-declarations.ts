/**
 * Type-checks generated declarations together with a file that uses them, with the
 * project's TypeScript in strict mode, in a temporary folder. Resolves to the compiler's
 * diagnostics ('' when the files compile).
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

/** `usage` imports the declarations from './content-types.js'. */
export async function compileDeclarations (declarations: string, usage: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'fca-types-'))
  try {
    await writeFile(join(folder, 'content-types.ts'), declarations)
    await writeFile(join(folder, 'usage.ts'), usage)
    const compilerOptions = {
      noEmit: true, strict: true, noUncheckedIndexedAccess: true, target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', types: []
    }
    await writeFile(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['usage.ts'] }))
    await run(process.execPath, [tsc, '-p', folder], { cwd: folder, timeout: 120_000 })
    return ''
  } catch (error) {
    const { stdout, message } = error as { stdout?: string, message: string }
    return stdout !== undefined && stdout !== '' ? stdout : message
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
