/**
 * Real multipart bodies for `app.inject`, encoded by the platform's own FormData, and the
 * images the upload tests send, made with sharp.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'

export interface FilePart {
  filename: string
  bytes: Uint8Array | string
  /** The Content-Type the client claims; never trusted by the server. */
  type?: string
}

export type FieldValue = string | Record<string, unknown> | Array<Record<string, unknown>>

export async function multipartBody (
  files: readonly FilePart[], fields: Record<string, FieldValue | FieldValue[]> = {}
): Promise<{ payload: Buffer, headers: Record<string, string> }> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    const values = Array.isArray(value) && name !== 'fileInfo' ? value : [value]
    for (const item of values) form.append(name, typeof item === 'string' ? item : JSON.stringify(item))
  }
  for (const file of files) {
    const bytes = typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : file.bytes
    form.append('files', new Blob([bytes], { type: file.type ?? 'application/octet-stream' }), file.filename)
  }
  const encoded = new Response(form)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! }
  }
}

export async function upload (
  app: FastifyInstance, files: readonly FilePart[], fields: Record<string, FieldValue | FieldValue[]> = {}, url = '/api/upload'
): Promise<LightMyRequestResponse> {
  return await app.inject({ method: 'POST', url, ...await multipartBody(files, fields) })
}

export async function png (width: number, height: number): Promise<Buffer> {
  return await sharp({ create: { width, height, channels: 3, background: '#c03' } }).png().toBuffer()
}

export async function jpeg (width: number, height: number): Promise<Buffer> {
  return await sharp({ create: { width, height, channels: 3, background: '#36c' } }).jpeg().toBuffer()
}

/** The bare file object the media plugin answers. */
export interface UploadedFile {
  id: number
  name: string
  alternativeText: string | null
  caption: string | null
  width: number | null
  height: number | null
  formats: Record<string, { name: string, hash: string, ext: string, mime: string, width: number, height: number, size: number, url: string, path: null }> | null
  hash: string
  ext: string
  mime: string
  size: number
  url: string
  previewUrl: string | null
  provider: string
  provider_metadata: unknown
  createdAt: string
  updatedAt: string
}
