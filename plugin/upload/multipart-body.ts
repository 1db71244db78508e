/**
 * Reads a multipart body: its file parts are streamed to staging (never held in memory), its
 * text fields collected by name. Which fields and file parts a body may hold is the form's
 * (REST's `/upload` form below; the GraphQL multipart request's `operations`, `map` and
 * numbered files are another). Limits answer 413 with a message that says which one was reached.
 */
import { createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { ApiError, PayloadTooLargeError, ValidationError } from '../errors.js'
import type { Staging } from './staging.js'

export interface ReceivedFile {
  /** The name of the part that held it. */
  field: string
  /** The file name the client sent, untrusted. */
  filename: string
  /** Staged bytes. */
  path: string
  /** Bytes. */
  size: number
}

export interface MultipartBody {
  files: ReceivedFile[]
  /** Field values by name, in the order sent; JSON-typed fields arrive parsed. */
  fields: Map<string, unknown[]>
}

/** What a multipart body may hold. */
export interface MultipartForm {
  /** The text fields it may have. */
  fields: ReadonlySet<string>
  /** What it may hold, as an error about a field it may not have says (`files, fileInfo, ref, refId or field`). */
  expected: string
  /** The most bytes one text field may hold. */
  fieldSize: number
  /** The most bytes one file may hold. */
  sizeLimit: number
  /** Asked about each file part before its bytes are read, with the fields read so far; throws to refuse it. */
  checkFile: (name: string, fields: ReadonlyMap<string, unknown[]>) => void
}

export const MAX_FILES_PER_UPLOAD = 50
const MAX_FIELD_BYTES = 1024 * 1024
const MAX_FIELDS = 20

/** The REST `POST /upload` form (Strapi's): files in `files`, beside `fileInfo`, `ref`, `refId` and `field`. */
export function restUploadForm (sizeLimit: number): MultipartForm {
  return {
    fields: new Set(['fileInfo', 'ref', 'refId', 'field', 'path']),
    expected: 'files, fileInfo, ref, refId or field',
    fieldSize: MAX_FIELD_BYTES,
    sizeLimit,
    checkFile: (name) => {
      if (name !== 'files') throw ValidationError.at([name], `Unexpected file field "${name}": send files in "files"`)
    }
  }
}

export async function readMultipartBody (request: FastifyRequest, staging: Staging, form: MultipartForm): Promise<MultipartBody> {
  const body: MultipartBody = { files: [], fields: new Map() }
  const { sizeLimit } = form
  const parts = request.parts({
    limits: { fileSize: sizeLimit, files: MAX_FILES_PER_UPLOAD, fields: MAX_FIELDS, fieldSize: form.fieldSize, parts: MAX_FILES_PER_UPLOAD + MAX_FIELDS }
  })
  // The form's own refusal of a file part is its answer, not the parser's to translate.
  let refused: unknown
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        try {
          form.checkFile(part.fieldname, body.fields)
        } catch (error) {
          part.file.resume()
          throw (refused = error)
        }
        const path = await staging.newPath()
        await pipeline(part.file, createWriteStream(path, { flags: 'wx' }))
        if (part.file.truncated) throw tooLarge(part.filename, sizeLimit)
        const { size } = await stat(path)
        // A form's empty file input still sends a nameless, empty part.
        if (part.filename !== '' || size > 0) body.files.push({ field: part.fieldname, filename: part.filename, path, size })
      } else {
        if (!form.fields.has(part.fieldname)) {
          throw ValidationError.at([part.fieldname], `Unexpected field "${part.fieldname}": expected ${form.expected}`)
        }
        if (part.valueTruncated) throw new PayloadTooLargeError(`Field "${part.fieldname}" is larger than ${form.fieldSize} bytes`)
        const values = body.fields.get(part.fieldname) ?? []
        values.push(part.value)
        body.fields.set(part.fieldname, values)
      }
    }
  } catch (error) {
    throw error === refused ? error : translateMultipartError(error, sizeLimit)
  }
  return body
}

function tooLarge (filename: string, sizeLimit: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`"${filename}" is larger than the upload size limit of ${sizeLimit} bytes`)
}

/** @fastify/multipart's own errors → the messages of this API. */
function translateMultipartError (error: unknown, sizeLimit: number): unknown {
  if (error instanceof ApiError) return error
  const code = (error as { code?: string }).code
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const part = (error as { part?: { filename?: string } }).part
      return tooLarge(part?.filename ?? 'a file', sizeLimit)
    }
    case 'FST_FILES_LIMIT':
      return new PayloadTooLargeError(`Too many files: at most ${MAX_FILES_PER_UPLOAD} per upload`)
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new PayloadTooLargeError('Too many fields in the multipart body')
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return ValidationError.at(['fileInfo'], 'A field sent as application/json is not valid JSON')
    case 'FST_PROTO_VIOLATION':
      return new ValidationError('Invalid field name in the multipart body')
    default:
      // The parser's own complaints (no boundary, a body that ends before its closing
      // boundary) carry no code; errors of the disk under staging do, and stay failures.
      if (code === undefined && error instanceof Error) return new ValidationError(`The multipart body is malformed: ${error.message}`)
      return error
  }
}
