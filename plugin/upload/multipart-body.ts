/**
 * Reads an upload's multipart body: the `files` parts are streamed to staging (never held
 * in memory), the other fields are collected by name. Limits answer 413 with a message
 * that says which one was reached.
 */
import { createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { ApiError, PayloadTooLargeError, ValidationError } from '../errors.js'
import type { Staging } from './staging.js'

export interface ReceivedFile {
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

export const MAX_FILES_PER_UPLOAD = 50
const MAX_FIELD_BYTES = 1024 * 1024
const FIELDS = new Set(['fileInfo', 'ref', 'refId', 'field', 'path'])

export async function readMultipartBody (request: FastifyRequest, staging: Staging, sizeLimit: number): Promise<MultipartBody> {
  const body: MultipartBody = { files: [], fields: new Map() }
  const parts = request.parts({
    limits: { fileSize: sizeLimit, files: MAX_FILES_PER_UPLOAD, fields: 20, fieldSize: MAX_FIELD_BYTES, parts: MAX_FILES_PER_UPLOAD + 20 }
  })
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          part.file.resume()
          throw ValidationError.at([part.fieldname], `Unexpected file field "${part.fieldname}": send files in "files"`)
        }
        const path = await staging.newPath()
        await pipeline(part.file, createWriteStream(path, { flags: 'wx' }))
        if (part.file.truncated) throw tooLarge(part.filename, sizeLimit)
        const { size } = await stat(path)
        // A form's empty file input still sends a nameless, empty part.
        if (part.filename !== '' || size > 0) body.files.push({ filename: part.filename, path, size })
      } else {
        if (!FIELDS.has(part.fieldname)) {
          throw ValidationError.at([part.fieldname], `Unexpected field "${part.fieldname}": expected files, fileInfo, ref, refId or field`)
        }
        if (part.valueTruncated) throw new PayloadTooLargeError(`Field "${part.fieldname}" is larger than ${MAX_FIELD_BYTES} bytes`)
        const values = body.fields.get(part.fieldname) ?? []
        values.push(part.value)
        body.fields.set(part.fieldname, values)
      }
    }
  } catch (error) {
    throw translateMultipartError(error, sizeLimit)
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
