/**
 * The GraphQL multipart request spec (github.com/jaydenseric/graphql-multipart-request-spec),
 * as Apollo's and urql's upload links send it: a multipart POST whose `operations` field is
 * the JSON body (each file's variable `null`), whose `map` field says which variable each file
 * part fills (`{ "0": ["variables.file"] }`), then the file parts. The parts are read by the
 * media library's multipart reader (upload/multipart-body.ts, given as `GraphqlFiles.receive`):
 * every file staged, with REST's size and count limits, before anything runs. Then the body
 * becomes `operations` with a StagedUpload at each mapped path, and mercurius goes on as for a
 * JSON POST. The staged bytes are removed before the answer is sent.
 *
 * A request that breaks the spec is refused whole, as a malformed JSON body is: 400 (413 over
 * a limit), `BAD_REQUEST`, nothing run. So is one from a caller without `plugin::upload`'s
 * `upload` action, before its body is read: 403, `FORBIDDEN`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerOf } from '../auth/caller.js'
import { ApiError, ForbiddenError } from '../errors.js'
import { UPLOAD_UID } from '../options/permissions.js'
import { isRecord } from '../is-record.js'
import { StagedUpload } from './staged-upload.js'
import type { StagedFile } from './staged-upload.js'

/** What a multipart request's body may hold (upload/multipart-body.ts, MultipartForm without its size limit, the media library's). */
export interface PartsForm {
  fields: ReadonlySet<string>
  expected: string
  fieldSize: number
  checkFile: (name: string, fields: ReadonlyMap<string, unknown[]>) => void
}

/** A multipart body read: its fields, its files staged until `clear`. */
export interface ReceivedParts {
  fields: ReadonlyMap<string, unknown[]>
  files: readonly StagedFile[]
  /** Removes the staged files (those no upload moved away). */
  clear: () => Promise<void>
}

/** Reads a multipart body as `form` says; nothing is left staged when it throws. */
export type PartsReader = (request: FastifyRequest, form: PartsForm) => Promise<ReceivedParts>

/** Refuses the request itself, before GraphQL sees it: answered as BAD_REQUEST with this status (./errors.ts). */
class MultipartRequestError extends Error {
  readonly statusCode: number

  constructor (message: string, statusCode = 400) {
    super(message)
    this.name = 'MultipartRequestError'
    this.statusCode = statusCode
  }
}

const OPERATIONS = 'operations'
const MAP = 'map'

/**
 * Installs the reading in `endpoint` (where @fastify/multipart is registered), before its
 * body is validated. `fieldSize` bounds `operations` as the endpoint bounds a JSON body.
 */
export function installMultipartRequests (endpoint: FastifyInstance, { read, fieldSize }: { read: PartsReader, fieldSize: number }): void {
  const form: PartsForm = {
    fields: new Set([OPERATIONS, MAP]),
    expected: `${OPERATIONS}, ${MAP} and the files it names`,
    fieldSize,
    checkFile: (name, fields) => {
      // The spec sends the map first, so that a server may refuse a part it does not name before reading it.
      const map = fields.has(MAP) ? fileMap(fields) : null
      if (map === null) throw new MultipartRequestError(`File part "${name}" came before the "${MAP}" field: send ${OPERATIONS}, then ${MAP}, then the files`)
      if (!Object.hasOwn(map, name)) throw new MultipartRequestError(`File part "${name}" is not in the "${MAP}" field`)
    }
  }
  const staged = new WeakMap<FastifyRequest, () => Promise<void>>()
  const clear = async (request: FastifyRequest): Promise<void> => {
    const remove = staged.get(request)
    staged.delete(request)
    await remove?.()
  }
  endpoint.addHook('preValidation', async (request) => {
    if (request.method !== 'POST' || !request.isMultipart()) return
    // Files are only for uploads: a caller who may not upload has no byte of theirs staged.
    if (!callerOf(request).ability.can(UPLOAD_UID, 'upload')) throw new ForbiddenError('Forbidden access')
    let parts: ReceivedParts
    try {
      parts = await read(request, form)
    } catch (error) {
      throw refusal(error)
    }
    staged.set(request, parts.clear)
    request.body = withUploads(parts)
  })
  // Before the answer leaves, so a client that reads it finds nothing staged; after an
  // abort, as no answer is sent then.
  endpoint.addHook('onSend', async (request, _reply, payload) => {
    await clear(request)
    return payload
  })
  endpoint.addHook('onRequestAbort', clear)
}

/** `operations` with each mapped file in its place. */
function withUploads (parts: ReceivedParts): Record<string, unknown> {
  const operations = jsonField(parts.fields, OPERATIONS)
  if (!isRecord(operations)) throw new MultipartRequestError(`"${OPERATIONS}" must be one operation as a JSON object (batches are not served)`)
  const map = fileMap(parts.fields)
  if (map === null) throw new MultipartRequestError(`The "${MAP}" field is missing: it names the variable each file part fills`)
  const files = new Map<string, StagedFile>()
  for (const file of parts.files) {
    if (files.has(file.field)) throw new MultipartRequestError(`File part "${file.field}" is sent twice`)
    files.set(file.field, file)
  }
  for (const [name, paths] of Object.entries(map)) {
    const file = files.get(name)
    if (file === undefined) throw new MultipartRequestError(`File "${name}" is in the "${MAP}" field but no such part was sent`)
    const upload = new StagedUpload(file)
    for (const path of paths) place(operations, path, upload)
  }
  return operations
}

/** The `map` field: file part names → the paths they fill; null when not sent. */
function fileMap (fields: ReadonlyMap<string, unknown[]>): Record<string, string[]> | null {
  if (!fields.has(MAP)) return null
  const map = jsonField(fields, MAP)
  const wrong = (): never => { throw new MultipartRequestError(`"${MAP}" must be a JSON object of file part names to lists of paths, e.g. {"0": ["variables.file"]}`) }
  if (!isRecord(map)) return wrong()
  for (const paths of Object.values(map)) {
    if (!Array.isArray(paths) || paths.length === 0 || !paths.every(path => typeof path === 'string')) wrong()
  }
  return map as Record<string, string[]>
}

/** A field sent once, as JSON text (or as a part typed application/json, which arrives parsed). */
function jsonField (fields: ReadonlyMap<string, unknown[]>, name: string): unknown {
  const values = fields.get(name)
  if (values === undefined) throw new MultipartRequestError(`The "${name}" field is missing: send the GraphQL request in it as JSON`)
  if (values.length > 1) throw new MultipartRequestError(`The "${name}" field is sent ${values.length} times`)
  const [value] = values
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    throw new MultipartRequestError(`The "${name}" field is not valid JSON`)
  }
}

/**
 * Puts `upload` at `path` (`variables.files.1`) in `operations`: only inside `variables`, and
 * only where the client left a `null` for it, so a path can neither change the query nor
 * replace a value sent.
 */
function place (operations: Record<string, unknown>, path: string, upload: StagedUpload): void {
  const [head, ...keys] = path.split('.')
  const wrong = (why: string): never => { throw new MultipartRequestError(`Map path "${path}" ${why}`) }
  if (head !== 'variables' || keys.length === 0) wrong('must name a variable: "variables.<name>"')
  let container: unknown = operations.variables
  for (const [index, key] of keys.entries()) {
    const last = index === keys.length - 1
    if (Array.isArray(container)) {
      if (!/^(0|[1-9]\d*)$/.test(key) || Number(key) >= container.length) wrong('names no item of the operations\' variables')
      if (last) {
        if (container[Number(key)] !== null) wrong('must name a null the file takes the place of')
        container[Number(key)] = upload
        return
      }
      container = container[Number(key)]
    } else if (isRecord(container) && Object.hasOwn(container, key)) {
      if (last) {
        if (container[key] !== null) wrong('must name a null the file takes the place of')
        container[key] = upload
        return
      }
      container = container[key]
    } else {
      wrong('names no value of the operations\' variables')
    }
  }
}

/** The media reader's own refusals (a limit, a malformed body) refuse the request with their status; anything else is a failure. */
function refusal (error: unknown): unknown {
  if (error instanceof MultipartRequestError) return error
  if (error instanceof ApiError) return new MultipartRequestError(error.message, error.status)
  return error
}
