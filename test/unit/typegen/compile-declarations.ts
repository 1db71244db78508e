/**
 * Type-checks generated declarations together with a file that uses them, with the
 * project's TypeScript in strict mode, in memory. Resolves to the compiler's diagnostics
 * ('' when the files compile).
 *
 * In this process rather than a `tsc` child: most of a check is parsing TypeScript's own
 * lib declarations, which a host keeps here once per test file; a `tsc` per check spent a
 * few seconds of CPU each on a machine that runs three test files at once.
 */
import ts from 'typescript'

const COMPILER_OPTIONS: ts.CompilerOptions = {
  noEmit: true,
  strict: true,
  noUncheckedIndexedAccess: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: []
}

const FOLDER = '/declarations'
/** The lib files parsed once: they are the same for every check. */
const libraries = new Map<string, ts.SourceFile | undefined>()
const base = ts.createCompilerHost(COMPILER_OPTIONS)

/** `usage` imports the declarations from './content-types.js'. */
export async function compileDeclarations (declarations: string, usage: string): Promise<string> {
  const files = new Map([[`${FOLDER}/content-types.ts`, declarations], [`${FOLDER}/usage.ts`, usage]])
  const host: ts.CompilerHost = {
    ...base,
    fileExists: name => files.has(name) || (!name.startsWith(FOLDER) && base.fileExists(name)),
    readFile: name => files.get(name) ?? (name.startsWith(FOLDER) ? undefined : base.readFile(name)),
    getSourceFile: (name, languageVersion) => {
      const text = files.get(name)
      if (text !== undefined) return ts.createSourceFile(name, text, languageVersion, true)
      if (!libraries.has(name)) libraries.set(name, base.getSourceFile(name, languageVersion))
      return libraries.get(name)
    },
    directoryExists: name => name === FOLDER || (!name.startsWith(FOLDER) && (base.directoryExists?.(name) ?? false)),
    realpath: name => name.startsWith(FOLDER) ? name : (base.realpath?.(name) ?? name),
    getCurrentDirectory: () => FOLDER,
    writeFile: () => {}
  }
  const program = ts.createProgram({ rootNames: [`${FOLDER}/usage.ts`], options: COMPILER_OPTIONS, host })
  const diagnostics = ts.getPreEmitDiagnostics(program)
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: name => name, getCurrentDirectory: () => FOLDER, getNewLine: () => '\n' })
}
