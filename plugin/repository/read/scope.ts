/** Everything one statement's compilation shares: the model graph, names, aliases. */
import type { Model } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import type { PublicationState } from '../../query/tree.js'
import { ENVELOPE_SHAPE } from './entry-shape.js'
import type { EntryShape } from './entry-shape.js'
import type { TableNames } from './names.js'
import { Aliases } from '../../sql/index.js'

export class StatementScope {
  readonly aliases = new Aliases()
  readonly registry: Registry
  readonly names: TableNames
  readonly publicationState: PublicationState
  /** How entries are written: the envelope of the content routes, or the bare shape of the plugin routes. */
  readonly shape: EntryShape

  constructor (registry: Registry, names: TableNames, publicationState: PublicationState, shape: EntryShape = ENVELOPE_SHAPE) {
    this.registry = registry
    this.names = names
    this.publicationState = publicationState
    this.shape = shape
  }

  /** Quoted column of a model attribute (or `id`) on a row alias. */
  column (model: Model, alias: string, attribute: string): string {
    return `${alias}.${this.names.column(model.entity, attribute)}`
  }

  /** Drafts are hidden at every depth in `live` (DECISIONS §3). */
  visibility (model: Model, alias: string): string[] {
    if (this.publicationState === 'live' && model.kind === 'contentType' && model.draftAndPublish) {
      return [`${this.column(model, alias, 'publishedAt')} is not null`]
    }
    return []
  }
}
