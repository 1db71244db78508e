/**
 * Reads of folders for the admin's media library, each ONE statement whose JSON PostgreSQL
 * builds: a folder as Strapi's upload plugin answers it, with its `parent` and the count of
 * its `children` and `files` where Strapi populates them (lists and single folders).
 */
import type { Database } from '../repository/connection/database.js'
import { join, jsonObject, raw, sql, type Sql } from '../sql/index.js'
import { folderJson, folderPairs, type FolderNames } from './folder-names.js'
import { compileFolderQuery } from './folder-query.js'

export interface FolderReader {
  /** JSON text of the folders the query selects, each with its parent and counts. */
  list: (query: Record<string, unknown>) => Promise<string>
  /** JSON text of one folder with its parent and counts, or null. */
  one: (id: number) => Promise<string | null>
  /** Every folder as `{ id, name, children }`, from the root down, siblings by name (Strapi's folder structure). */
  structure: () => Promise<unknown[]>
}

/** The folder row `alias` with its parent and counts. */
export function detailedFolderJson (n: FolderNames, alias: string): Sql {
  const parent = sql`(select ${folderJson(n, 'p')} from ${raw(`${n.folders} p where p.${n.id} = ${alias}.${n.parent}`)})`
  const children = raw(`json_build_object('count', (select count(*) from ${n.folders} c where c.${n.parent} = ${alias}.${n.id}))`)
  const files = raw(`json_build_object('count', (select count(*) from ${n.files} x where x.${n.fileFolder} = ${alias}.${n.id}))`)
  return jsonObject([...folderPairs(n, alias), ['parent', parent], ['children', children], ['files', files]])
}

export function createFolderReader (db: Database, n: FolderNames): FolderReader {
  const rows = async (statement: Sql): Promise<Array<Record<string, unknown>>> => {
    const { text, values } = statement.render()
    return await db.query(text, values)
  }
  return {
    async list (query) {
      const { where, orderBy } = compileFolderQuery(query, n, 'f')
      const condition = where.length === 0 ? raw('') : sql` where ${join(where, ' and ')}`
      const [row] = await rows(sql`select coalesce(json_agg(${detailedFolderJson(n, 'f')} order by ${raw(orderBy)}), '[]')::text as data from ${raw(`${n.folders} f`)}${condition}`)
      return String(row?.data ?? '[]')
    },
    async one (id) {
      const [row] = await rows(sql`select ${detailedFolderJson(n, 'f')}::text as data from ${raw(`${n.folders} f where f.${n.id}`)} = ${id}`)
      return row === undefined ? null : String(row.data)
    },
    async structure () {
      const found = await rows(raw(`select f.${n.id} as id, f.${n.name} as name, f.${n.parent} as parent from ${n.folders} f order by f.${n.name}, f.${n.id}`))
      interface Node { id: number, name: string, children: Node[] }
      const nodes = new Map<number, Node>(found.map(row => [Number(row.id), { id: Number(row.id), name: String(row.name), children: [] }]))
      const roots: Node[] = []
      // Rows come by name, so each list of children is in name order as it fills.
      for (const row of found) {
        const node = nodes.get(Number(row.id))!
        const parent = row.parent === null ? undefined : nodes.get(Number(row.parent))
        if (parent === undefined) roots.push(node)
        else parent.children.push(node)
      }
      return roots
    }
  }
}
