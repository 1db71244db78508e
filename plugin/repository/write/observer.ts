/**
 * What a write tells whoever watches it (the `lifecycles` option and `app.contentApi.events`,
 * in plugin/lifecycles/): which write it is, inside its transaction, and that it committed.
 * The repository knows no hooks; it only calls these.
 *
 * A write's body is planned before its transaction, as always, unless the observer may
 * change the data (a `before*` hook): then it is planned inside the transaction, after the
 * hook, from the data the hook left, exactly as if the client had sent it.
 *
 * Either way the body as the caller sent it is judged first (`WritePlans.admit`): a write
 * the caller may not make reads and writes nothing, and no hook sees it.
 */
import type { ContentTypeModel } from '../../content-types/model.js'
import { IssueList } from '../../write-plan/issues.js'
import type { EntryPlanner, EntryWritePlan, PlanRequest, RowPlan } from '../../write-plan/plan.js'
import type { Row } from '../connection/database.js'

export type WriteAction = 'create' | 'update' | 'delete'

export interface ObservedWrite {
  action: WriteAction
  /** null on create. */
  id: number | null
  /** The body's `data` (null on delete). */
  data: Record<string, unknown> | null
  /** An update's row as it was, with the columns the observer asked for (`wantsPublication`). */
  previous?: Row
}

export interface WriteObserver {
  /** Whether `before` may change the data of this kind of write (the body is then planned after it). */
  changesData: (action: WriteAction) => boolean
  /** Whether `before` runs a hook for this kind of write (a delete's must see its entry locked, in a transaction). */
  hooksBefore: (action: WriteAction) => boolean
  /** Whether an update should read the entry's `publishedAt` first (to tell publish from unpublish). */
  wantsPublication: (model: ContentTypeModel) => boolean
  /**
   * Called inside the transaction before anything is written (after the row lock of an
   * update that changes data, and of a delete); answers the data to plan from. A throw rolls
   * the write back. A write that is retried (a single type's) calls it once per attempt.
   */
  before: (write: ObservedWrite) => Promise<Record<string, unknown> | null>
  /** The transaction of the last `before` committed. */
  committed: () => void
}

/** Judges the plan of a body as the caller sent it: a throw refuses the write. */
export type Admission = (plan: EntryWritePlan) => void

export interface WritePlansOptions {
  body: unknown
  observer: WriteObserver | undefined
  action: WriteAction
  planner: EntryPlanner
  /** What the body is planned as. */
  request: PlanRequest
  /** Runs once the body as sent is planned, before anything is read, written or hooked. */
  admit?: Admission | undefined
}

/** The plan of one write, made before its transaction or, when the observer may change the data, inside it. */
export class WritePlans {
  /** The write's problems, from the plan and from the checks inside the transaction. */
  readonly issues = new IssueList()
  readonly #body: unknown
  readonly #observer: WriteObserver | undefined
  readonly #action: WriteAction
  readonly #planner: EntryPlanner
  readonly #request: PlanRequest
  readonly #admit: Admission | undefined
  #plan: EntryWritePlan | null = null
  #data: Record<string, unknown> | null = null

  constructor (options: WritePlansOptions) {
    this.#body = options.body
    this.#observer = options.observer
    this.#action = options.action
    this.#planner = options.planner
    this.#request = options.request
    this.#admit = options.admit
  }

  /** Planned inside the transaction, after the observer's `before`. */
  get late (): boolean {
    return this.#observer?.changesData(this.#action) === true
  }

  /** The planned entry, once planned (for locating the database's refusals). */
  get root (): RowPlan | null {
    return this.#plan?.root ?? null
  }

  /** The plan, when made before the transaction (not `late`) and once `early` has run. */
  get planned (): EntryWritePlan | null {
    return this.#plan
  }

  /**
   * Before the transaction: the plan, admitted, or at least the 400 of a body without `data`.
   * Planned later, from what a hook leaves, a write is still admitted on what the caller
   * sent: an outline of it, whose problems are not the write's (the hook may mend them).
   */
  async early (): Promise<void> {
    if (this.late) {
      this.#planner.data(this.#body)
      this.#admit?.(this.#planner.outline(this.#body, { ...this.#request, issues: new IssueList() }))
      return
    }
    this.#plan = await this.#planner.plan(this.#body, { ...this.#request, issues: this.issues })
    this.#admit?.(this.#plan)
  }

  /** The data planned: the body's, or what the observer's `before` left (once `inTransaction` ran). */
  get data (): Record<string, unknown> | null {
    return this.#data ?? this.#planner.data(this.#body)
  }

  /** Inside the transaction: the observer hears of the write, then the plan is ready. */
  async inTransaction (id: number | null, previous?: Row): Promise<EntryWritePlan> {
    if (this.#observer !== undefined) {
      const data = await this.#observer.before({ action: this.#action, id, data: this.#planner.data(this.#body), ...(previous === undefined ? {} : { previous }) })
      this.#data = data
      if (this.late) this.#plan = await this.#planner.plan({ data }, { ...this.#request, issues: this.issues })
    }
    return this.#plan!
  }

  committed (): void {
    this.#observer?.committed()
  }
}
