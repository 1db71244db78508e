/** The upload plugin's file entry (docs/media.md, 'File objects'): the target of every media attribute. */
import type { ScalarAttributeSchema } from './definition.js'

export const FILE_TABLE = 'files'

export const FILE_ATTRIBUTES: Record<string, ScalarAttributeSchema> = {
  name: { type: 'string', required: true },
  alternativeText: { type: 'string' },
  caption: { type: 'string' },
  width: { type: 'integer' },
  height: { type: 'integer' },
  formats: { type: 'json' },
  hash: { type: 'string', required: true },
  ext: { type: 'string' },
  mime: { type: 'string', required: true },
  size: { type: 'decimal', required: true },
  url: { type: 'string', required: true },
  previewUrl: { type: 'string' },
  provider: { type: 'string', required: true },
  provider_metadata: { type: 'json' }
}
