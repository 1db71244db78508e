/**
 * The upload plugin's mutations, named and shaped as Strapi's: `upload(refId, ref, field,
 * info, file)`, `multipleUpload(refId, ref, field, files)`, `updateFileInfo(id, info)` and
 * `removeFile(id)` (`FileInfoInput { name alternativeText caption }`, answering
 * `UploadFileEntityResponse`, or a list of them, with the mutation's selection). They are
 * written by the REST media routes' operations (upload/file-operations.ts, given by index.ts)
 * and take their actions on `plugin::upload`: `upload` to add files or change a file's info,
 * `destroy` to remove one. The files of an upload come staged by ./multipart-request.ts.
 */
import { GraphQLID, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLString } from 'graphql'
import type { GraphQLFieldConfigArgumentMap } from 'graphql'
import type { FastifyRequest } from 'fastify'
import type { FileModel } from '../content-types/model.js'
import { ApplicationError, ValidationError } from '../errors.js'
import { entryId } from './entry-id.js'
import { isRecord } from '../is-record.js'
import type { InputBuilder } from './inputs.js'
import type { MutationRole, PluginMutation } from './mutation-fields.js'
import { NotFoundError } from '../errors.js'
import type { PartsReader } from './multipart-request.js'
import { UPLOAD_SCALAR } from './scalars.js'
import { StagedUpload } from './staged-upload.js'
import type { StagedFile } from './staged-upload.js'

/** Files to store, as `POST /upload` stores them: `info` a FileInfoInput (one file's), `attach` the entry's media attribute they join. */
export interface FilesUpload {
  files: readonly StagedFile[]
  info: unknown
  attach: { ref?: string | undefined, refId?: string | undefined, field?: string | undefined }
}

/** What the file mutations write with: the REST media routes' operations, answering the file's JSON as REST does. */
export interface GraphqlFiles {
  /** The multipart reader of the media library, for the GraphQL multipart request (./multipart-request.ts). */
  receive: PartsReader
  /** Stores the files in one transaction; answers them as a JSON array. */
  upload: (upload: FilesUpload, request: FastifyRequest) => Promise<string>
  updateInfo: (id: number, info: unknown) => Promise<string>
  remove: (id: number, request: FastifyRequest) => Promise<string>
}

export type FileMutationRole = Extract<MutationRole, { model: FileModel }>

/**
 * The media library's mutations: `entries`, Strapi's generic ones for its file type
 * (`createUploadFile(data)`, `updateUploadFile(id, data)`, `deleteUploadFile(id)`, listed
 * before the content types'), and `operations`, its own (listed after them).
 */
export function fileMutations (model: FileModel): { entries: PluginMutation[], operations: PluginMutation[] } {
  return { entries: fileEntryMutations(model), operations: fileOperationMutations(model) }
}

function fileEntryMutations (model: FileModel): PluginMutation[] {
  const data = (inputs: InputBuilder): GraphQLFieldConfigArgumentMap => ({ data: { type: new GraphQLNonNull(inputs.input(model)) } })
  const id = { id: { type: new GraphQLNonNull(GraphQLID) } }
  return [
    { name: 'createUploadFile', role: { kind: 'createFile', model }, args: data, nonNull: false },
    { name: 'updateUploadFile', role: { kind: 'updateFile', model }, args: inputs => ({ ...id, ...data(inputs) }), nonNull: false },
    { name: 'deleteUploadFile', role: { kind: 'deleteFile', model }, args: () => id, nonNull: false }
  ]
}

function fileOperationMutations (model: FileModel): PluginMutation[] {
  const info = new GraphQLInputObjectType({
    name: 'FileInfoInput',
    fields: { name: { type: GraphQLString }, alternativeText: { type: GraphQLString }, caption: { type: GraphQLString } }
  })
  const id = { id: { type: new GraphQLNonNull(GraphQLID) } }
  const attach = { refId: { type: GraphQLID }, ref: { type: GraphQLString }, field: { type: GraphQLString } }
  return [
    { name: 'upload', role: { kind: 'upload', model }, args: () => ({ ...attach, info: { type: info }, file: { type: new GraphQLNonNull(UPLOAD_SCALAR) } }), nonNull: true },
    { name: 'multipleUpload', role: { kind: 'multipleUpload', model }, args: () => ({ ...attach, files: { type: new GraphQLNonNull(new GraphQLList(UPLOAD_SCALAR)) } }), nonNull: true, list: true },
    { name: 'updateFileInfo', role: { kind: 'updateFileInfo', model }, args: () => ({ ...id, info: { type: info } }), nonNull: true },
    { name: 'removeFile', role: { kind: 'removeFile', model }, args: () => id, nonNull: false }
  ]
}

/**
 * Runs a file mutation; returns the file's JSON text (the bare shape the answer is made
 * from), a JSON array of them for `multipleUpload`.
 */
export async function runFileMutation (files: GraphqlFiles, { role, args, request }: { role: FileMutationRole, args: Record<string, unknown>, request: FastifyRequest }): Promise<string> {
  switch (role.kind) {
    case 'upload': {
      const uploaded = await files.upload({ files: [stagedFile(args.file, ['file'])], info: args.info, attach: attachOf(args) }, request)
      return JSON.stringify((JSON.parse(uploaded) as unknown[])[0])
    }
    case 'multipleUpload': {
      const list = Array.isArray(args.files) ? args.files : []
      if (list.length === 0) throw ValidationError.at(['files'], 'files is empty: send at least one file')
      return await files.upload({ files: list.map((file, index) => stagedFile(file, ['files', index])), info: undefined, attach: attachOf(args) }, request)
    }
    case 'updateFileInfo': return await files.updateInfo(fileId(args.id), args.info ?? {})
    case 'removeFile':
    case 'deleteFile': return await files.remove(fileId(args.id), request)
    case 'updateFile': return await files.updateInfo(fileId(args.id), fileInfoOf(args.data))
    case 'createFile': throw new ApplicationError(CREATED_BY_UPLOADING, 400)
  }
}

/** The Upload scalar lets only staged files and null through; a null in `files` is refused here. */
function stagedFile (value: unknown, path: Array<string | number>): StagedFile {
  if (!(value instanceof StagedUpload)) throw ValidationError.at(path, `${path.join('.')} is not a file: send it as a file part of a multipart request`)
  return value.file
}

/** `refId`, `ref`, `field` as the media library's form sends them: text, absent when null. */
function attachOf (args: Record<string, unknown>): FilesUpload['attach'] {
  const text = (value: unknown): string | undefined => typeof value === 'string' ? value : undefined
  return { refId: text(args.refId), ref: text(args.ref), field: text(args.field) }
}

function fileId (raw: unknown): number {
  if (raw === undefined || raw === null) throw ValidationError.at(['id'], 'id is required')
  const id = entryId(raw)
  if (id === null) throw new NotFoundError('File not found')
  return id
}

/**
 * A file row describes bytes the media library stored: a row written by hand would point at
 * bytes it never stored (its `url` anywhere, its `hash` another file's, whose bytes removing
 * it would delete). So files are created by uploading them (docs/graphql.md, Δ).
 */
const CREATED_BY_UPLOADING = 'Files are created by uploading them: send the file with the upload or multipleUpload mutation'

/** What `updateUploadFile` may change: the file's info, as `updateFileInfo`; the rest describes the stored bytes. */
const INFO_FIELDS = new Set(['name', 'alternativeText', 'caption'])

function fileInfoOf (data: unknown): Record<string, unknown> {
  const info: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(isRecord(data) ? data : {})) {
    if (!INFO_FIELDS.has(name)) throw ValidationError.at(['data', name], `${name} describes the stored file and cannot be changed: upload a new file instead`)
    info[name] = value
  }
  return info
}
