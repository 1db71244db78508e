/**
 * Reads schema files from disk: our flat folder (content-types/*.json,
 * components/<category>/<name>.json) or a Strapi project (src/api/x/content-types/y/schema.json,
 * src/components/<category>/<name>.json, src/extensions/<plugin>/content-types/<name>/schema.json),
 * so an existing Strapi model loads without edits. A file that cannot be read is a problem
 * handed to the registry, which reports it with all the others.
 */
import { readdir, readFile, stat } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { SchemaError } from '../errors.js'
import type { ComponentSchema, ContentTypeSchema, SourcedSchema } from './definition.js'
import type { RegistryInput } from './registry.js'

async function isDirectory (path: string): Promise<boolean> {
  try { return (await stat(path)).isDirectory() } catch { return false }
}

async function listDirectories (path: string): Promise<string[]> {
  if (!await isDirectory(path)) return []
  const entries = await readdir(path, { withFileTypes: true })
  return entries.filter(entry => entry.isDirectory()).map(entry => entry.name).sort()
}

async function listJsonFiles (path: string): Promise<string[]> {
  if (!await isDirectory(path)) return []
  const entries = await readdir(path, { withFileTypes: true })
  return entries.filter(entry => entry.isFile() && entry.name.endsWith('.json')).map(entry => entry.name).sort()
}

/** Parsed JSON, or null with the problem recorded. */
async function readJson<S> (file: string, problems: SchemaError[]): Promise<S | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    problems.push(new SchemaError(file, null, `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`))
    return null
  }
  try {
    return JSON.parse(text) as S
  } catch (error) {
    problems.push(new SchemaError(file, null, `is not valid JSON: ${(error as Error).message}`))
    return null
  }
}

/** A content type file, with its uid from `info.singularName`; null with the problem recorded. */
async function readContentType (path: string, problems: SchemaError[]): Promise<SourcedSchema<ContentTypeSchema> | null> {
  const schema = await readJson<ContentTypeSchema>(path, problems)
  if (schema === null) return null
  const singularName = schema?.info?.singularName
  if (typeof singularName !== 'string') {
    problems.push(new SchemaError(path, null, 'missing info.singularName'))
    return null
  }
  return { uid: `api::${singularName}.${singularName}`, source: path, schema }
}

async function loadComponents (folder: string, problems: SchemaError[]): Promise<Array<SourcedSchema<ComponentSchema>>> {
  const components: Array<SourcedSchema<ComponentSchema>> = []
  for (const category of await listDirectories(folder)) {
    for (const file of await listJsonFiles(join(folder, category))) {
      const path = join(folder, category, file)
      const schema = await readJson<ComponentSchema>(path, problems)
      if (schema !== null) components.push({ uid: `${category}.${basename(file, '.json')}`, source: path, schema })
    }
  }
  return components
}

async function loadFlat (root: string): Promise<RegistryInput> {
  const problems: SchemaError[] = []
  const folder = join(root, 'content-types')
  const contentTypes: Array<SourcedSchema<ContentTypeSchema>> = []
  for (const file of await listJsonFiles(folder)) {
    const loaded = await readContentType(join(folder, file), problems)
    if (loaded !== null) contentTypes.push(loaded)
  }
  return { contentTypes, components: await loadComponents(join(root, 'components'), problems), problems }
}

/** `extensions/<plugin>/content-types/<name>/schema.json` redefines `plugin::<plugin>.<name>`. */
async function loadExtensions (folder: string, problems: SchemaError[]): Promise<Array<SourcedSchema<ContentTypeSchema>>> {
  const extensions: Array<SourcedSchema<ContentTypeSchema>> = []
  for (const plugin of await listDirectories(folder)) {
    const types = join(folder, plugin, 'content-types')
    for (const name of await listDirectories(types)) {
      const path = join(types, name, 'schema.json')
      const schema = await readJson<ContentTypeSchema>(path, problems)
      if (schema !== null) extensions.push({ uid: `plugin::${plugin}.${name}`, source: path, schema })
    }
  }
  return extensions
}

async function loadStrapiProject (src: string): Promise<RegistryInput> {
  const problems: SchemaError[] = []
  const contentTypes: Array<SourcedSchema<ContentTypeSchema>> = []
  for (const api of await listDirectories(join(src, 'api'))) {
    const folder = join(src, 'api', api, 'content-types')
    for (const name of await listDirectories(folder)) {
      const loaded = await readContentType(join(folder, name, 'schema.json'), problems)
      if (loaded !== null) contentTypes.push(loaded)
    }
  }
  return {
    contentTypes,
    components: await loadComponents(join(src, 'components'), problems),
    extensions: await loadExtensions(join(src, 'extensions'), problems),
    problems
  }
}

export async function loadSchemaFolder (folder: string): Promise<RegistryInput> {
  const root = resolve(folder)
  if (!await isDirectory(root)) throw new SchemaError(root, null, 'schemas folder does not exist')
  if (await isDirectory(join(root, 'src', 'api'))) return await loadStrapiProject(join(root, 'src'))
  if (await isDirectory(join(root, 'api'))) return await loadStrapiProject(root)
  const input = await loadFlat(root)
  if (input.contentTypes.length === 0 && input.problems?.length === 0) {
    throw new SchemaError(root, null, 'no content types found (expected content-types/*.json or a Strapi project with src/api/*/content-types/*/schema.json)')
  }
  return input
}
