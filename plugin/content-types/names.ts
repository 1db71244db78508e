/** Naming rules shared by the registry and the entity builder. */
import { createHash } from 'node:crypto'

const POSTGRES_IDENTIFIER_LIMIT = 63

export function snakeCase (name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s.]+/g, '_')
    .toLowerCase()
}

/** Keeps generated table names within PostgreSQL's limit, stable and unique. */
export function tableIdentifier (name: string): string {
  if (name.length <= POSTGRES_IDENTIFIER_LIMIT) return name
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8)
  return `${name.slice(0, POSTGRES_IDENTIFIER_LIMIT - 9)}_${hash}`
}

/** MikroORM wants identifier-like entity names; tables are unique, so derive from them. */
export function entityNameForTable (table: string): string {
  return table
    .split(/[^A-Za-z0-9]+/)
    .filter(part => part.length > 0)
    .map(part => part[0]!.toUpperCase() + part.slice(1))
    .join('')
}

export const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/
export const KEBAB_NAME = /^[a-z][a-z0-9-]*$/

/** Names the system owns on every entry; a schema may not declare them. */
export const RESERVED_ATTRIBUTE_NAMES = new Set([
  'id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy',
  'locale', 'localizations', '__component', 'documentId', 'meta', 'attributes', 'data'
])
