// The media library's routes for the admin (docs/admin-api.md, 'i18n and media').
import { api, queryString } from '../api/http'
import { apiRoot } from '../api/location'
import { readToken } from '../auth/token'
import type { MediaFile } from './file-url'

export interface FilePage { results: MediaFile[], pagination: { page: number, pageSize: number, pageCount: number, total: number } }

/** `folder`: only the files of that folder (null: the root's); absent: every file. */
export async function listFiles (query: { page: number, pageSize: number, _q?: string, folder?: number | null }): Promise<FilePage> {
  const { folder, ...rest } = query
  return await api<FilePage>('/upload/files', { query: { ...rest, ...(folder === undefined ? {} : { folder: folder ?? 'null' }), sort: 'createdAt:DESC' } })
}

/** `folder` moves the file (null: to the root). */
export async function updateFileInfo (id: number, info: { name?: string, alternativeText?: string, caption?: string, folder?: number | null }): Promise<MediaFile> {
  const form = new FormData()
  form.append('fileInfo', JSON.stringify(info))
  return await api<MediaFile>('/upload', { method: 'POST', query: { id }, body: form })
}

export async function deleteFile (id: number): Promise<void> {
  await api(`/upload/files/${id}`, { method: 'DELETE' })
}

/**
 * Uploads with progress: fetch has no upload progress, XMLHttpRequest does. `replace` sends
 * the file as the new content of that stored file; `folder` puts a new one in that folder.
 */
export function uploadFile (file: File, options: { replace?: number, folder?: number | null, onProgress: (fraction: number) => void }): Promise<MediaFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData()
    form.append('files', file)
    if (options.replace !== undefined) form.append('fileInfo', JSON.stringify({ name: file.name }))
    else if (options.folder !== undefined && options.folder !== null) form.append('fileInfo', JSON.stringify({ folder: options.folder }))
    const request = new XMLHttpRequest()
    request.open('POST', `${apiRoot()}/upload${queryString(options.replace === undefined ? {} : { id: options.replace })}`)
    const token = readToken()
    if (token !== null) request.setRequestHeader('authorization', `Bearer ${token}`)
    request.upload.onprogress = event => { if (event.lengthComputable) options.onProgress(event.loaded / event.total) }
    request.onerror = () => { reject(new Error(`Upload of ${file.name} failed`)) }
    request.onload = () => {
      const body = JSON.parse(request.responseText || 'null') as MediaFile | MediaFile[] | { error?: { message?: string } }
      if (request.status >= 400) { reject(new Error((body as { error?: { message?: string } }).error?.message ?? `Upload failed (${request.status})`)); return }
      resolve(Array.isArray(body) ? body[0] as MediaFile : body as MediaFile)
    }
    request.send(form)
  })
}
