// The media folders' routes for the admin (docs/admin-api.md, 'Media folders').
import { api } from '../api/http'

export interface MediaFolder { id: number, name: string, path: string, pathId: number, children?: { count: number }, files?: { count: number } }
export interface FolderNode { id: number, name: string, children: FolderNode[] }

/** The folders inside `parent` (null: the root), by name. */
export async function listFolders (parent: number | null): Promise<MediaFolder[]> {
  const filter = parent === null ? { 'filters[parent][id][$null]': 'true' } : { 'filters[parent][id]': parent }
  return (await api<{ data: MediaFolder[] }>('/upload/folders', { query: { ...filter, sort: 'name:asc' } })).data
}

export async function createFolder (name: string, parent: number | null): Promise<MediaFolder> {
  return (await api<{ data: MediaFolder }>('/upload/folders', { method: 'POST', body: { name, parent } })).data
}

export async function folderStructure (): Promise<FolderNode[]> {
  return (await api<{ data: FolderNode[] }>('/upload/folder-structure')).data
}

/** Every folder as a choice, its name led by its ancestors' (`Photos / Trips`). */
export function folderChoices (nodes: FolderNode[], trail = ''): Array<{ id: number, label: string }> {
  return nodes.flatMap(node => {
    const label = trail === '' ? node.name : `${trail} / ${node.name}`
    return [{ id: node.id, label }, ...folderChoices(node.children, label)]
  })
}
