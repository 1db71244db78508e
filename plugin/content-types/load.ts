/**
 * Reads schema files from disk: our flat folder (content-types/*.json,
 * components/<category>/<name>.json) or a Strapi project (src/api/x/content-types/y/schema.json,
 * src/components/<category>/<name>.json), so an existing Strapi model loads without edits.
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

async function readJson<S> (file: string): Promise<S> {
  const text = await readFile(file, 'utf8')
  try {
    return JSON.parse(text) as S
  } catch (error) {
    throw new SchemaError(file, null, `is not valid JSON: ${(error as Error).message}`)
  }
}

function contentTypeUid (file: string, schema: ContentTypeSchema): string {
  const singularName = schema?.info?.singularName
  if (typeof singularName !== 'string') throw new SchemaError(file, null, 'missing info.singularName')
  return `api::${singularName}.${singularName}`
}

async function loadComponents (folder: string): Promise<Array<SourcedSchema<ComponentSchema>>> {
  const components: Array<SourcedSchema<ComponentSchema>> = []
  for (const category of await listDirectories(folder)) {
    for (const file of await listJsonFiles(join(folder, category))) {
      const path = join(folder, category, file)
      components.push({ uid: `${category}.${basename(file, '.json')}`, source: path, schema: await readJson(path) })
    }
  }
  return components
}

async function loadFlat (root: string): Promise<RegistryInput> {
  const folder = join(root, 'content-types')
  const contentTypes: Array<SourcedSchema<ContentTypeSchema>> = []
  for (const file of await listJsonFiles(folder)) {
    const path = join(folder, file)
    const schema = await readJson<ContentTypeSchema>(path)
    contentTypes.push({ uid: contentTypeUid(path, schema), source: path, schema })
  }
  return { contentTypes, components: await loadComponents(join(root, 'components')) }
}

async function loadStrapiProject (src: string): Promise<RegistryInput> {
  const contentTypes: Array<SourcedSchema<ContentTypeSchema>> = []
  for (const api of await listDirectories(join(src, 'api'))) {
    const folder = join(src, 'api', api, 'content-types')
    for (const name of await listDirectories(folder)) {
      const path = join(folder, name, 'schema.json')
      const schema = await readJson<ContentTypeSchema>(path)
      contentTypes.push({ uid: contentTypeUid(path, schema), source: path, schema })
    }
  }
  return { contentTypes, components: await loadComponents(join(src, 'components')) }
}

export async function loadSchemaFolder (folder: string): Promise<RegistryInput> {
  const root = resolve(folder)
  if (!await isDirectory(root)) throw new SchemaError(root, null, 'schemas folder does not exist')
  if (await isDirectory(join(root, 'src', 'api'))) return await loadStrapiProject(join(root, 'src'))
  if (await isDirectory(join(root, 'api'))) return await loadStrapiProject(root)
  const input = await loadFlat(root)
  if (input.contentTypes.length === 0) {
    throw new SchemaError(root, null, 'no content types found (expected content-types/*.json or a Strapi project with src/api/*/content-types/*/schema.json)')
  }
  return input
}
