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

/**
 * Strapi v5's point of interest of an image (`{ x, y }`, or null), kept with every file and
 * answered in the v5 format only (a v5 registry's `v5Attributes`): v4 files have none.
 */
export const FILE_FOCAL_POINT = 'focalPoint'
export const FOCAL_POINT_ATTRIBUTE: ScalarAttributeSchema = { type: 'json' }
