/**
 * The media operations of the GraphQL endpoint's `upload`, `multipleUpload`, `updateFileInfo`
 * and `removeFile` (index.ts wires them): the REST routes' own (./upload-service.ts), on a
 * context of their own, answering the file as the REST API does, and the REST multipart
 * reader (./multipart-body.ts) for the GraphQL multipart request's parts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Registry } from '../content-types/registry.js'
import { NotFoundError } from '../errors.js'
import type { ResolvedUploadOptions } from '../options/upload.js'
import type { Database } from '../repository/connection/database.js'
import { parseSingleFileInfo } from './file-info.js'
import { createFileReader } from './file-reader.js'
import { updateFileInfo } from './file-store.js'
import { s3Provider } from './s3-storage.js'
import { localProvider } from './storage.js'
import type { AttachFields } from './attach-target.js'
import { readMultipartBody } from './multipart-body.js'
import type { MultipartBody, MultipartForm, ReceivedFile } from './multipart-body.js'
import { createStaging } from './staging.js'
import { existingFile, removeFile, uploadStaged } from './upload-service.js'
import type { UploadContext } from './upload-service.js'

export interface FileOperations {
  /** Reads a multipart body as `form` says, its files staged until `clear`; nothing is left staged when it throws. */
  receive: (request: FastifyRequest, form: Omit<MultipartForm, 'sizeLimit'>) => Promise<MultipartBody & { clear: () => Promise<void> }>
  /** Stores staged files as `POST /upload` does (limits, types, attachment, one transaction); answers them as a JSON array. */
  upload: (upload: { files: readonly ReceivedFile[], info: unknown, attach: AttachFields }, request: FastifyRequest) => Promise<string>
  /** Changes `name`, `alternativeText` or `caption`; answers the file (a 404 when there is none, a 400 for a bad info). */
  updateInfo: (id: number, info: unknown) => Promise<string>
  /** Removes the file's row (and every link to it), then its stored objects; answers the file as it was. */
  remove: (id: number, request: FastifyRequest) => Promise<string>
}

export function fileOperations (app: FastifyInstance, { registry, db, upload, maxPageSize }: {
  registry: Registry
  db: Database
  upload: ResolvedUploadOptions
  maxPageSize: number
}): FileOperations {
  const provider = upload.provider.name === 's3' ? s3Provider(upload.provider, app.log) : localProvider(upload.dir)
  app.addHook('onClose', async () => { provider.close?.() })
  const context: UploadContext = { db, registry, files: createFileReader({ db, registry, names: db.names, maxPageSize }), provider, options: upload }
  return {
    receive: async (request, form) => {
      const staging = createStaging(upload.dir)
      try {
        return { ...await readMultipartBody(request, staging, { ...form, sizeLimit: upload.sizeLimit }), clear: staging.clear }
      } catch (error) {
        await staging.clear()
        throw error
      }
    },
    upload: async (files, request) => await uploadStaged(context, request, files),
    updateInfo: async (id, info) => {
      const checked = parseSingleFileInfo([info ?? {}])
      if (!await updateFileInfo(db, registry, id, checked)) throw new NotFoundError('File not found')
      return await existingFile(context, id)
    },
    remove: async (id, request) => await removeFile(context, request, id)
  }
}
