// The media library's routes for the admin (docs/admin-api.md, 'i18n and media').
import { api } from '../api/http'
import { apiRoot } from '../api/location'
import { readToken } from '../auth/token'
import type { MediaFile } from './file-url'

export interface FilePage { results: MediaFile[], pagination: { page: number, pageSize: number, pageCount: number, total: number } }

export async function listFiles (query: { page: number, pageSize: number, _q?: string }): Promise<FilePage> {
  return await api<FilePage>('/upload/files', { query: { ...query, sort: 'createdAt:DESC' } })
}

export async function updateFileInfo (id: number, info: { name?: string, alternativeText?: string, caption?: string }): Promise<MediaFile> {
  const form = new FormData()
  form.append('fileInfo', JSON.stringify(info))
  return await api<MediaFile>('/upload', { method: 'POST', query: { id }, body: form })
}

export async function deleteFile (id: number): Promise<void> {
  await api(`/upload/files/${id}`, { method: 'DELETE' })
}

/** Uploads with progress: fetch has no upload progress, XMLHttpRequest does. */
export function uploadFile (file: File, options: { onProgress: (fraction: number) => void }): Promise<MediaFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData()
    form.append('files', file)
    const request = new XMLHttpRequest()
    request.open('POST', `${apiRoot()}/upload`)
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
