/**
 * The media plugin's endpoints under the content API prefix (docs/media.md, 'Routes'). Answers are
 * bare, as Strapi's media plugin answers; errors use the envelope of the encapsulating context's error handler.
 * Multipart parsing is registered here only, so other routes keep refusing it.
 */
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Registry } from '../content-types/registry.js'
import { MAX_ROW_ID } from '../content-types/row-ids.js'
import type { Database } from '../repository/connection/database.js'
import { entryId, requestQuery } from '../routes/request-query.js'
import { ValidationError } from '../errors.js'
import { requireUploadAction } from './access.js'
import { createFileReader } from './file-reader.js'
import { splitFolderFilter } from './file-folder-filter.js'
import { folderNames } from './folder-names.js'
import { createFolderReader } from './folder-reader.js'
import { folderRoutes } from './folder-routes.js'
import { createFolderStore } from './folder-store.js'
import { s3Provider } from './s3-storage.js'
import { localProvider } from './storage.js'
import { existingFile, removeFile, removeStoredFiles, updateInfo, uploadFiles } from './upload-service.js'
import type { UploadContext } from './upload-service.js'
import type { ResolvedUploadOptions } from '../options/upload.js'

export interface UploadRoutesOptions {
  registry: Registry
  db: Database
  upload: ResolvedUploadOptions
  maxPageSize: number
  /**
   * The admin API's media library: `GET /upload/files` takes `page`, `pageSize`, `sort`, `_q`
   * and a folder, and answers `{ results, pagination }`; file objects carry `folderPath`; the
   * folder routes are served (./folder-routes.ts).
   */
  adminPages?: boolean
}

type Handler = (request: FastifyRequest) => Promise<string>

function json (handler: Handler) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    return await reply.type('application/json; charset=utf-8').send(await handler(request))
  }
}

export async function uploadRoutes (app: FastifyInstance, options: UploadRoutesOptions): Promise<void> {
  const { registry, db, upload, maxPageSize } = options
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: upload.sizeLimit } })
  const provider = upload.provider.name === 's3' ? s3Provider(upload.provider, app.log) : localProvider(upload.dir)
  app.addHook('onClose', async () => { provider.close?.() })
  const context: UploadContext = {
    db,
    registry,
    files: createFileReader({ db, registry, names: db.names, maxPageSize, folderPath: options.adminPages === true }),
    provider,
    options: upload
  }

  app.post('/upload', json(async request => {
    requireUploadAction(request, 'upload')
    const query = requestQuery(request)
    if (query.id !== undefined) return await updateInfo(context, request, fileId(query.id))
    if (!request.isMultipart()) throw ValidationError.at(['files'], 'Send files as multipart/form-data in the "files" field')
    return await uploadFiles(context, request)
  }))
  app.get('/upload/files', json(async request => {
    requireUploadAction(request, 'find')
    if (options.adminPages !== true) return await context.files.list(requestQuery(request))
    const query = requestQuery(request)
    const { filters, folder } = splitFolderFilter(query)
    const page = await context.files.page(adminFileQuery({ ...query, filters }), folder)
    return `{"results":${page.results},"pagination":${JSON.stringify(page.pagination)}}`
  }))
  app.get('/upload/files/:id', json(async request => {
    requireUploadAction(request, 'findOne')
    return await existingFile(context, entryId(request))
  }))
  app.delete('/upload/files/:id', json(async request => {
    requireUploadAction(request, 'destroy')
    return await removeFile(context, request, entryId(request))
  }))
  if (options.adminPages === true) {
    const names = folderNames(db.names, registry)
    folderRoutes(app, {
      folders: createFolderReader(db, names),
      store: createFolderStore(db, names),
      files: context.files,
      removeStored: async (files, request) => { await removeStoredFiles(context, files, request) }
    })
  }
}

/** The admin panel's media query (`page`, `pageSize`, `sort`, `_q` on the name, `filters`) in the REST API's terms. */
function adminFileQuery (query: Record<string, unknown>): Record<string, unknown> {
  const search = typeof query._q === 'string' && query._q !== '' ? { name: { $containsi: query._q } } : null
  const filters = [query.filters, search].filter(part => part !== undefined && part !== null)
  return {
    ...(query.fields === undefined ? {} : { fields: query.fields }),
    sort: query.sort ?? 'updatedAt:desc',
    pagination: { ...(query.page === undefined ? {} : { page: query.page }), ...(query.pageSize === undefined ? {} : { pageSize: query.pageSize }) },
    ...(filters.length === 0 ? {} : { filters: { $and: filters } })
  }
}

function fileId (raw: unknown): number {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ROW_ID) {
    throw ValidationError.at(['id'], `Invalid id "${String(raw)}": ids are positive integers`)
  }
  return Number(raw)
}
