/** Everything one statement's compilation shares: the model graph, names, aliases. */
import type { Model } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import type { PublicationState } from '../../query/tree.js'
import { mayHaveDrafts } from '../../content-types/pending-drafts.js'
import { versionCondition } from './document-versions.js'
import { ENVELOPE_SHAPE } from './entry-shape.js'
import type { EntryShape } from './entry-shape.js'
import type { TableNames } from '../schema/sql-names.js'
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

  /** Columns read so far on each alias that `readColumns` was asked about. */
  readonly #read = new Map<string, Set<string>>()

  /** Quoted column of a model attribute (or `id`) on a row alias; an attribute with `readFrom`, that attribute's. */
  column (model: Model, alias: string, attribute: string): string {
    const declared = model.attributes.get(attribute)
    const stored = declared?.kind === 'scalar' && declared.readFrom !== undefined ? declared.readFrom : attribute
    const column = this.names.column(model.entity, stored)
    this.#read.get(alias)?.add(column)
    return `${alias}.${column}`
  }

  /**
   * The quoted columns `column` is asked for on `alias` from now on, as a live set (filled
   * as the statement is compiled): a staged CTE selects only what its readers use.
   */
  readColumns (alias: string): ReadonlySet<string> {
    const read = new Set<string>()
    this.#read.set(alias, read)
    return read
  }

  /**
   * Whether attribute `name` of `model` answers null as the draft version of its document
   * (`draft`: a draftAndPublish entry's `publishedAt`), whatever its row holds.
   */
  draftVersion (model: Model, name: string): boolean {
    return this.publicationState === 'draft' && name === 'publishedAt' && model.kind === 'contentType' && model.draftAndPublish
  }

  /**
   * Drafts are hidden at every depth in `live` (docs/decisions.md, 'Reads'); in the other
   * states one row per document shows, as read/document-versions.ts chooses; `state`: a
   * relation's own, when it has one.
   */
  visibility (model: Model, alias: string, state: PublicationState = this.publicationState): string[] {
    return mayHaveDrafts(model) ? [versionCondition(this, model, alias, state)] : []
  }
}
