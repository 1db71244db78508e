/**
 * `ref`, `refId`, `field`: the entry media attribute an upload is attached to. Checked
 * against the registry before any byte is stored, and against the files once their types
 * are known (`allowedTypes`, one file for a single media attribute).
 */
import type { ContentTypeModel, MediaAttribute } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { parseRowId } from '../content-types/row-ids.js'
import { ValidationError } from '../errors.js'
import { mediaKindOf } from './mime.js'

export interface AttachTarget {
  model: ContentTypeModel
  id: number
  attribute: MediaAttribute
}

export interface AttachFields {
  ref?: string | undefined
  refId?: string | undefined
  field?: string | undefined
}

/** The attachment asked for, or null when the upload is not attached to anything. */
export function resolveAttachTarget (registry: Registry, fields: AttachFields): AttachTarget | null {
  const { ref, refId, field } = fields
  if (ref === undefined && refId === undefined && field === undefined) return null
  if (ref === undefined || refId === undefined || field === undefined) {
    const missing = ref === undefined ? 'ref' : refId === undefined ? 'refId' : 'field'
    throw ValidationError.at([missing], 'ref, refId and field go together: the content type uid, the entry id and its media attribute')
  }
  const model = registry.contentTypes.get(ref)
  if (model === undefined) throw ValidationError.at(['ref'], `Unknown content type ${ref}`)
  const id = parseRowId(refId)
  if (id === null) throw ValidationError.at(['refId'], `Invalid refId "${refId}": ids are positive integers`)
  const attribute = model.attributes.get(field)
  if (attribute === undefined || attribute.private) throw ValidationError.at(['field'], `${ref} has no attribute ${field}`)
  if (attribute.kind !== 'media') throw ValidationError.at(['field'], `${ref}.${field} is not a media attribute`)
  return { model, id, attribute }
}

/** Files about to be attached must fit the attribute: their count and their kinds. */
export function checkAttachable (target: AttachTarget, files: ReadonlyArray<{ name: string, mime: string }>): void {
  const { attribute } = target
  if (!attribute.multiple && files.length > 1) {
    throw ValidationError.at(['field'], `${attribute.name} holds a single file; ${files.length} were uploaded`)
  }
  const allowed = attribute.allowedTypes
  if (allowed === null) return
  files.forEach((file, index) => {
    const kind = mediaKindOf(file.mime)
    if (!allowed.includes(kind)) {
      throw ValidationError.at(['files', index], `${attribute.name} accepts only ${allowed.join(', ')}; "${file.name}" is ${file.mime} (${kind})`)
    }
  })
}
