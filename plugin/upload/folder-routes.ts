/**
 * The admin API's media folders (docs/admin-api.md, 'Media folders'), at Strapi's upload plugin
 * paths and in its shapes: `{ data }` around folders, `{ data: { files, folders } }` around
 * what a bulk action touched. Reading takes the media library's `find`, writing `upload`,
 * deleting `destroy`, as the admin's file routes do.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { NotFoundError } from '../errors.js'
import { requestQuery } from '../routes/request-query.js'
import { requireUploadAction } from './access.js'
import type { FileReader } from './file-reader.js'
import { folderId, parseBulkDelete, parseBulkMove, parseFolderChange, parseFolderInput } from './folder-input.js'
import type { FolderReader } from './folder-reader.js'
import type { FolderStore } from './folder-store.js'

export interface FolderRoutesOptions {
  folders: FolderReader
  store: FolderStore
  files: FileReader
  /** Removes the stored objects of deleted files (their JSON array), after the rows are gone. */
  removeStored: (files: string, request: FastifyRequest) => Promise<void>
}

function json (reply: FastifyReply, text: string, status = 200): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(text)
}

function paramId (request: FastifyRequest): number {
  return folderId((request.params as { id?: unknown }).id, ['id'])
}

export function folderRoutes (app: FastifyInstance, { folders, store, files, removeStored }: FolderRoutesOptions): void {
  const existing = async (id: number): Promise<string> => {
    const folder = await folders.one(id)
    if (folder === null) throw new NotFoundError('folder not found')
    return folder
  }

  app.get('/upload/folders', async (request, reply) => {
    requireUploadAction(request, 'find')
    return json(reply, `{"data":${await folders.list(requestQuery(request))}}`)
  })
  app.get('/upload/folders/:id', async (request, reply) => {
    requireUploadAction(request, 'find')
    return json(reply, `{"data":${await existing(paramId(request))}}`)
  })
  app.get('/upload/folder-structure', async (request, reply) => {
    requireUploadAction(request, 'find')
    return json(reply, JSON.stringify({ data: await folders.structure() }))
  })
  app.post('/upload/folders', async (request, reply) => {
    requireUploadAction(request, 'upload')
    const id = await store.create(parseFolderInput(request.body))
    return json(reply, `{"data":${await existing(id)}}`, 201)
  })
  app.put('/upload/folders/:id', async (request, reply) => {
    requireUploadAction(request, 'upload')
    const id = paramId(request)
    await store.update(id, parseFolderChange(request.body))
    return json(reply, `{"data":${await existing(id)}}`)
  })
  app.post('/upload/actions/bulk-delete', async (request, reply) => {
    requireUploadAction(request, 'destroy')
    const deleted = await store.remove(parseBulkDelete(request.body), files.manyStatement)
    await removeStored(deleted.stored, request)
    return json(reply, `{"data":{"files":${deleted.files},"folders":${deleted.folders}}}`)
  })
  app.post('/upload/actions/bulk-move', async (request, reply) => {
    requireUploadAction(request, 'upload')
    const moved = await store.move(parseBulkMove(request.body), files.manyStatement)
    return json(reply, `{"data":{"files":${moved.files},"folders":${moved.folders}}}`)
  })
}
