/**
 * The write plan: a request body after shape and value checks, as plain data — the contract
 * between its planner (input*.ts, beside it; the routes call it) and the repository, which
 * turns it into rows (as query/tree.ts is for reads). Nothing here knows about SQL, the ORM or HTTP.
 */
import type {
  ComponentAttribute, ComponentModel, ContentTypeModel, DynamicZoneAttribute, MediaAttribute,
  RelationAttribute, ScalarAttribute
} from '../content-types/model.js'
import type { InputPath, IssueList } from './issues.js'

export type { InputPath } from './issues.js'

/** A coerced column value: text, number, boolean, Date, any JSON value, or null to clear. */
export type ColumnValue = unknown

export interface ScalarWrite {
  attribute: ScalarAttribute
  value: ColumnValue
  path: InputPath
}

/** A uid left out on create, to be made from its target field and made unique in the table. */
export interface UidToGenerate {
  attribute: ScalarAttribute
  /** The slug of the target field; the repository adds `-1`, `-2` … when it is taken. */
  base: string
  path: InputPath
}

export type ConnectPosition =
  | { before: number }
  | { after: number }
  | { start: true }
  | { end: true }

export interface ConnectItem {
  id: number
  position: ConnectPosition | null
  path: InputPath
}

/**
 * `set` replaces the list with `ids` in that order; `edit` removes `disconnect` then
 * inserts `connect` items one by one, each at its position (default: appended; an item
 * already linked moves there). `strict` false (Strapi's `options.strict`): an item placed
 * relative to an entry that is not linked is appended rather than refused.
 */
export type LinkOperation =
  | { kind: 'set', ids: number[] }
  | { kind: 'edit', disconnect: number[], connect: ConnectItem[], strict: boolean }

/** A relation or media attribute being written. */
export interface LinkWrite {
  attribute: RelationAttribute | MediaAttribute
  operation: LinkOperation
  path: InputPath
}

/**
 * A component, repeatable component or dynamic zone being written: `items` is the whole new
 * list, in order (a single component has at most one item). Rows of the current list that
 * are not in it are deleted.
 */
export interface ComponentListWrite {
  attribute: ComponentAttribute | DynamicZoneAttribute
  items: RowPlan[]
  path: InputPath
}

/** One row to write: the entry itself, or one component row at any depth. */
export interface RowPlan {
  model: ContentTypeModel | ComponentModel
  /** The existing row it updates (unsent attributes kept), or null for a new row. */
  id: number | null
  path: InputPath
  scalars: ScalarWrite[]
  uids: UidToGenerate[]
  links: LinkWrite[]
  lists: ComponentListWrite[]
}

/** A relation the body sends a value for (anything but null), where it sent it. */
export interface SentRelation {
  attribute: RelationAttribute
  path: InputPath
}

/** The plan of one entry write, and what the database still has to judge. */
export interface EntryWritePlan {
  root: RowPlan
  /**
   * Every relation the body sends a value other than null for, at any depth, in the body's
   * order, whether the value links, unlinks, changes nothing (the shape a read answers), is
   * dropped (read-only) or is refused: what the caller asks to link, for who may link what to
   * be judged before anything else (access/write-links).
   */
  sentRelations: SentRelation[]
  /** Problems found so far; the repository may add more, then throws them all at once. */
  issues: IssueList
  /**
   * An update's `locale`, sent back as read: accepted only if it is the entry's own, which
   * only the repository can tell.
   */
  sentLocale?: { value: unknown, path: InputPath }
}

export interface LocaleInput {
  /** The request's `locale` query parameter, if any. */
  query?: unknown
  /**
   * A localization (`POST /:id/localizations`) must name its locale, and takes the attributes
   * shared across locales from its source when it does not send them.
   */
  localization?: boolean
}

/** What a body is planned as: a create (`id` null) or a partial update of entry `id`, and where a create's locale comes from. */
export interface PlanRequest {
  id: number | null
  locale?: LocaleInput
}

/**
 * Makes the plans of one content type's writes; handed to the repository by the route, so
 * the repository receives plans and never reads a body itself. A write with a `before*`
 * lifecycle hook is planned inside its transaction, from the data the hook left.
 */
export interface EntryPlanner {
  /** The body's `data` object, or the 400 every write answers without one. */
  data: (body: unknown) => Record<string, unknown>
  /** Plans a create or a partial update; passwords hashed when the body is valid. */
  plan: (body: unknown, options: PlanRequest & { issues: IssueList }) => Promise<EntryWritePlan>
  /**
   * The plan of a body to judge, never to write (what the caller sent, where a hook plans
   * from other data): as `plan`, but its passwords left as sent, as hashing is slow.
   */
  outline: (body: unknown, options: PlanRequest & { issues: IssueList }) => EntryWritePlan
}

/** A body's fields without `locale`, which a plan carries apart from the attributes. */
export function withoutLocale (data: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...data }
  delete rest.locale
  return rest
}
