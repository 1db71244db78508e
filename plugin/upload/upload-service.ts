/**
 * The media plugin's operations. An upload is all or nothing: every file is received,
 * checked and prepared before anything is stored; the rows (and the attachment) are
 * written in one transaction; if anything fails, what was stored is removed again and
 * no row is kept.
 */
import type { FastifyRequest } from 'fastify'
import type { Registry } from '../content-types/registry.js'
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../errors.js'
import type { Database } from '../repository/connection/database.js'
import { requireEntryUpdate } from './access.js'
import { checkAttachable, resolveAttachTarget } from './attach-target.js'
import type { AttachFields } from './attach-target.js'
import { parseFileInfos, parseSingleFileInfo } from './file-info.js'
import type { FileInfo } from './file-info.js'
import type { FileReader } from './file-reader.js'
import { deleteFileRow, insertFiles, updateFileInfo } from './file-store.js'
import { replaceFileRow } from './file-replace-store.js'
import type { FileRow } from './file-store.js'
import { readMultipartBody, restUploadForm } from './multipart-body.js'
import type { MultipartBody, ReceivedFile } from './multipart-body.js'
import type { PreparedFile } from './prepare-file.js'
import { prepareFile } from './prepare-file.js'
import { createStaging } from './staging.js'
import type { Staging } from './staging.js'
import { StorageUnavailableError } from './storage.js'
import type { StorageProvider, StoredFile } from './storage.js'
import { storeFile, storedObjects } from './store-file.js'
import type { ResolvedUploadOptions } from '../options/upload.js'

export interface UploadContext {
  db: Database
  registry: Registry
  files: FileReader
  provider: StorageProvider
  options: ResolvedUploadOptions
  /** `fileInfo.folder` places files (the admin API's routes); elsewhere it is left aside, as before folders. */
  folders?: boolean
}

/** What one upload stores: the files received, what the client says of each, and the entry they join. */
export interface UploadInput {
  files: readonly ReceivedFile[]
  infos: readonly FileInfo[]
  attach: AttachFields
}

/** `POST /upload`: the new files as a JSON array. */
export async function uploadFiles (context: UploadContext, request: FastifyRequest): Promise<string> {
  const staging = createStaging(context.options.dir)
  try {
    const body = await readMultipartBody(request, staging, restUploadForm(context.options.sizeLimit))
    if (body.files.length === 0) throw ValidationError.at(['files'], 'Files are empty: send them in the "files" field')
    const infos = parseFileInfos(body.fields.get('fileInfo') ?? [], body.files.length)
    return await storeUploads(context, request, { files: body.files, infos, attach: attachFields(body) }, staging)
  } finally {
    await staging.clear()
  }
}

/**
 * GraphQL's `upload` and `multipleUpload`: files a multipart request staged, stored as
 * `POST /upload` stores them. Each is given a staged name of this upload's own first, as a
 * request may name one file in several uploads and storing a file moves it away.
 */
export async function uploadStaged (context: UploadContext, request: FastifyRequest, upload: { files: readonly ReceivedFile[], info: unknown, attach: AttachFields }): Promise<string> {
  const staging = createStaging(context.options.dir)
  try {
    const files: ReceivedFile[] = []
    for (const file of upload.files) files.push({ ...file, path: await staging.adopt(file.path) })
    const infos = parseFileInfos(upload.info === undefined || upload.info === null ? [] : [upload.info], files.length)
    return await storeUploads(context, request, { files, infos, attach: upload.attach }, staging)
  } finally {
    await staging.clear()
  }
}

/**
 * Every file checked and prepared before anything is stored, then stored, then their rows
 * (and the attachment) written in one transaction; on any failure what was stored is removed.
 * Answers the new files as a JSON array.
 */
async function storeUploads (context: UploadContext, request: FastifyRequest, upload: UploadInput, staging: Staging): Promise<string> {
  const { db, registry, files, provider, options } = context
  const stored: StoredFile[] = []
  let ids: number[]
  try {
    const target = resolveAttachTarget(registry, upload.attach)
    if (target !== null) requireEntryUpdate(request, target.model)
    const prepared: PreparedFile[] = []
    for (const [index, received] of upload.files.entries()) {
      prepared.push(await prepareFile(received, upload.infos[index] ?? {}, index, { breakpoints: options.breakpoints, staging }))
    }
    if (target !== null) checkAttachable(target, prepared)
    const rows: FileRow[] = []
    for (const file of prepared) rows.push(await storeFile(provider, file, stored))
    ids = await insertFiles(db, registry, rows, target, context.folders === true ? upload.infos.map(info => info.folder) : [])
  } catch (error) {
    await removeStored(provider, stored, request)
    throw answerable(error, request)
  }
  // Committed: from here on, a failure must not remove what the rows point to.
  return await files.many(ids)
}

/**
 * `POST /upload?id=`: with a file, replaces the file's content (`replaceContent` below); without,
 * changes name, alternativeText or caption. Answers the file.
 */
export async function updateInfo (context: UploadContext, request: FastifyRequest, id: number): Promise<string> {
  if (!request.isMultipart()) {
    const body = request.body as { fileInfo?: unknown } | null | undefined
    return await changeInfo(context, id, body?.fileInfo === undefined ? [] : [body.fileInfo])
  }
  const staging = createStaging(context.options.dir)
  try {
    const body = await readMultipartBody(request, staging, restUploadForm(context.options.sizeLimit))
    const values = body.fields.get('fileInfo') ?? []
    if (body.files.length > 0) return await replaceContent(context, request, { id, files: body.files, values }, staging)
    return await changeInfo(context, id, values)
  } finally {
    await staging.clear()
  }
}

async function changeInfo (context: UploadContext, id: number, values: unknown[]): Promise<string> {
  const info = parseSingleFileInfo(values)
  if (!await updateFileInfo(context.db, context.registry, id, info, { folders: context.folders === true })) throw new NotFoundError('File not found')
  return await existingFile(context, id)
}

/**
 * The new content prepared and stored first, then the row updated in one transaction; only
 * after the commit are the old objects removed. Before it, any failure removes the new
 * objects and leaves the row and the old objects as they were.
 */
async function replaceContent (context: UploadContext, request: FastifyRequest, input: { id: number, files: readonly ReceivedFile[], values: unknown[] }, staging: Staging): Promise<string> {
  const { db, registry, provider, options } = context
  if (input.files.length !== 1) throw ValidationError.at(['files'], `A file's content is replaced by exactly one file; ${input.files.length} were sent`)
  const stored: StoredFile[] = []
  let old: StoredFile[] | null
  try {
    const info = parseFileInfos(input.values, 1)[0] ?? {}
    const prepared = await prepareFile(input.files[0]!, info, 0, { breakpoints: options.breakpoints, staging })
    const { alternativeText, caption, ...content } = await storeFile(provider, prepared, stored)
    old = await replaceFileRow(db, registry, input.id, {
      ...content,
      ...(info.alternativeText === undefined ? {} : { alternativeText }),
      ...(info.caption === undefined ? {} : { caption })
    })
    if (old === null) throw new NotFoundError('File not found')
  } catch (error) {
    await removeStored(provider, stored, request)
    throw answerable(error, request)
  }
  await removeStored(provider, old, request)
  return await existingFile(context, input.id)
}

/** `DELETE /upload/files/:id`: removes the row (and so every link to it), then the stored objects. */
export async function removeFile (context: UploadContext, request: FastifyRequest, id: number): Promise<string> {
  const answer = await existingFile(context, id)
  if (!await deleteFileRow(context.db, context.registry, id)) throw new NotFoundError('File not found')
  await removeStored(context.provider, storedObjects(JSON.parse(answer) as Parameters<typeof storedObjects>[0]), request)
  return answer
}

/** After the rows of files are gone: their stored objects and formats, from their answers (a JSON array), best effort. */
export async function removeStoredFiles (context: UploadContext, files: string, request: FastifyRequest): Promise<void> {
  const answers = JSON.parse(files) as Array<Parameters<typeof storedObjects>[0]>
  await removeStored(context.provider, answers.flatMap(file => storedObjects(file)), request)
}

export async function existingFile (context: UploadContext, id: number): Promise<string> {
  const file = await context.files.one(id)
  if (file === null) throw new NotFoundError('File not found')
  return file
}

function attachFields (body: MultipartBody): AttachFields {
  const single = (name: string): string | undefined => {
    const values = body.fields.get(name)
    if (values === undefined) return undefined
    const [value] = values
    if (values.length > 1 || typeof value !== 'string') throw ValidationError.at([name], `${name} must be given once, as text`)
    return value
  }
  return { ref: single('ref'), refId: single('refId'), field: single('field') }
}

/** A storage outage becomes a 503 whose message names no host or bucket; its cause is logged. */
function answerable (error: unknown, request: FastifyRequest): unknown {
  if (!(error instanceof StorageUnavailableError)) return error
  request.log.error({ err: error }, 'media storage failed')
  return new ServiceUnavailableError('The media storage is unavailable, the file was not stored: try again later')
}

/** Best effort: a file that cannot be removed is logged, never hides the original outcome. */
async function removeStored (provider: StorageProvider, stored: readonly StoredFile[], request: FastifyRequest): Promise<void> {
  for (const file of stored) {
    try {
      await provider.delete(file)
    } catch (error) {
      request.log.error({ err: error, file }, 'could not remove a stored upload')
    }
  }
}
