/**
 * Who may use the media plugin (docs/media.md, 'Where this differs from Strapi v4'): the caller's `plugin::upload` actions, as
 * in Strapi's users-permissions. Attaching an upload to an entry changes that entry, so it
 * also takes `update` on the entry's content type (**Δ** Strapi asks only for `upload`).
 */
import type { FastifyRequest } from 'fastify'
import { callerOf } from '../auth/caller.js'
import { UPLOAD_UID } from '../options/permissions.js'
import type { UploadAction } from '../options/permissions.js'
import type { ContentTypeModel } from '../content-types/model.js'
import { ForbiddenError } from '../errors.js'

export function requireUploadAction (request: FastifyRequest, action: UploadAction): void {
  if (!callerOf(request).ability.can(UPLOAD_UID, action)) throw new ForbiddenError()
}

export function requireEntryUpdate (request: FastifyRequest, model: ContentTypeModel): void {
  if (!callerOf(request).ability.can(model.uid, 'update')) throw new ForbiddenError()
}
