/**
 * The upload plugin's `updateFileInfo(id, info)` and `removeFile(id)`, named and shaped as
 * Strapi's (`FileInfoInput { name alternativeText caption }`, answering
 * `UploadFileEntityResponse` with the mutation's selection), written by the REST media
 * routes' operations (upload/file-operations.ts, given by index.ts) and taking their actions
 * on `plugin::upload`: `upload` to change a file's info, `destroy` to remove it.
 */
import { GraphQLID, GraphQLInputObjectType, GraphQLNonNull, GraphQLString } from 'graphql'
import type { FastifyRequest } from 'fastify'
import type { FileModel } from '../content-types/model.js'
import { ValidationError } from '../errors.js'
import { entryId } from './entry-id.js'
import type { MutationRole, PluginMutation } from './mutation-fields.js'
import { NotFoundError } from '../errors.js'

/** What the file mutations write with: the REST media routes' operations, answering the file's JSON as REST does. */
export interface GraphqlFiles {
  updateInfo: (id: number, info: unknown) => Promise<string>
  remove: (id: number, request: FastifyRequest) => Promise<string>
}

export type FileMutationRole = Extract<MutationRole, { model: FileModel }>

export function fileMutations (model: FileModel): PluginMutation[] {
  const info = new GraphQLInputObjectType({
    name: 'FileInfoInput',
    fields: { name: { type: GraphQLString }, alternativeText: { type: GraphQLString }, caption: { type: GraphQLString } }
  })
  const id = { id: { type: new GraphQLNonNull(GraphQLID) } }
  return [
    { name: 'updateFileInfo', role: { kind: 'updateFileInfo', model }, args: () => ({ ...id, info: { type: info } }), nonNull: true },
    { name: 'removeFile', role: { kind: 'removeFile', model }, args: () => id, nonNull: false }
  ]
}

/** Runs a file mutation; returns the file's JSON text (the bare shape the answer is made from). */
export async function runFileMutation (files: GraphqlFiles, { role, args, request }: { role: FileMutationRole, args: Record<string, unknown>, request: FastifyRequest }): Promise<string> {
  const id = fileId(args.id)
  switch (role.kind) {
    case 'updateFileInfo': return await files.updateInfo(id, args.info ?? {})
    case 'removeFile': return await files.remove(id, request)
  }
}

function fileId (raw: unknown): number {
  if (raw === undefined || raw === null) throw ValidationError.at(['id'], 'id is required')
  const id = entryId(raw)
  if (id === null) throw new NotFoundError('File not found')
  return id
}
