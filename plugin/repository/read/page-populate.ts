/**
 * Populate for a whole page at once: instead of one correlated subquery per
 * entry and populated attribute, a populated relation, media field, component or zone
 * (see `populator` for which) becomes common table expressions read once for every row of its level — its link rows
 * for all the level's ids (`= any(array(…))`), then one value per owner (`json_agg … group
 * by owner`, or `distinct on (owner)` for a to-one), left-joined back to the rows. Nested
 * populates take the ids of the rows above them as their owners, so three levels cost three
 * passes, not one subquery per row of each level. Still one statement, same JSON text.
 */
import { isToMany } from '../../content-types/model.js'
import type { ComponentAttribute, DynamicZoneAttribute, LinkSide, MediaAttribute, Model, RelationAttribute } from '../../content-types/model.js'
import type { ComponentPopulate, DynamicZonePopulate, RelationPopulate, ZoneComponentSelection } from '../../query/tree.js'
import { join, raw, sql, type Sql } from '../../sql/index.js'
import { EMPTY_JSON_ARRAY, componentObject, zoneItemObject } from './entry-shape.js'
import { compileFilter } from './filters.js'
import { linkedRowsOf, readsMainRowLinks, whereClause } from './linked-rows.js'
import type { LinkedRows, RowRef } from './linked-rows.js'
import type { StatementScope } from './scope.js'
import { correlated, entryJson, selectionPairs } from './selection.js'
import type { Populator } from './selection.js'
import { orderItems } from './sort.js'

/** Column names no content column can have (attribute names start with a letter). */
const OWNER = '"__o"'
const ORDER = '"__ord"'
const LINK = '"__k"'

/** Rows whose populated attributes are read set-wise. */
export interface PageLevel {
  row: RowRef
  /** A subquery of one column: the ids of every row of the level. */
  owners: string
  /** ` left join …` clauses that bring each populated value next to its row. */
  joins: string[]
  /** Rows of a set-wise read below the page: everything they populate is read set-wise too. */
  nested: boolean
}

/** A link's rows for a whole level, kept as a CTE: owner id, link order, link id, every target column. */
interface Staged {
  name: string
  row: RowRef
  owner: string
  order: string
  linkId: string
}

export class PagePopulate {
  /** `name as (…)`, each after the ones it reads; a staged one is written last (see `ctes`). */
  readonly #ctes: Array<Sql | (() => Sql)> = []
  readonly #scope: StatementScope

  constructor (scope: StatementScope) {
    this.#scope = scope
  }

  /** The CTEs, once every part of the statement that reads them is compiled. */
  ctes (): Sql[] {
    return this.#ctes.map(cte => typeof cte === 'function' ? cte() : cte)
  }

  /**
   * Which attributes of the page are read set-wise (measured on the benchmark data, backend
   * CPU per statement): every relation and media field. One with nested populates gains most —
   * each distinct row it reaches is built once however many entries share it, and no subquery
   * runs per row of each level — and everything below it is read set-wise too. A leaf relation
   * gains less but still gains once the backends keep their heap (connection/backend-heap.ts). A
   * component or a zone is different: each of its rows belongs to one entry, so there is
   * nothing to share, and staging its rows costs more than one index probe per entry even
   * with populates below it (benchmarks/journal/2026-11-25.md, "every leaf relation of the page set-wise").
   */
  populator (level: PageLevel): Populator {
    const single = correlated(this.#scope)
    return {
      // A window of items (GraphQL's nested pagination) is a LIMIT per owner: its correlated
      // subquery stops at the window, where a set-wise read would build every item first.
      relation: (row, attribute, populate) => (populate.window !== undefined && isToMany(attribute)) || readsMainRowLinks(this.#scope, row.model, attribute.link)
        ? single.relation(row, attribute, populate)
        : this.#relation(level, attribute, populate),
      component: (row, attribute, populate) => level.nested && populate.window === undefined && (populate.sort ?? []).length === 0
        ? this.#component(level, attribute, populate)
        : single.component(row, attribute, populate),
      zone: (row, attribute, populate) => level.nested ? this.#zone(level, attribute, populate) : single.zone(row, attribute, populate)
    }
  }

  #relation (level: PageLevel, attribute: RelationAttribute | MediaAttribute, populate: RelationPopulate): Sql {
    const scope = this.#scope
    const linked = this.#linkedRows(attribute.link, level.owners, scope.registry.model(attribute.target), populate.filters, populate.publicationState)
    const conditions = this.#conditions(linked, populate.filters)
    if (populate.count) {
      const counted = sql`select ${raw(`${linked.owner} as ${OWNER}, count(*) as v ${linked.from}`)}${whereClause(conditions)} group by ${raw(linked.owner)}`
      return scope.shape.count(raw(`coalesce(${this.#joined(level, counted)}, 0)`))
    }
    const staged = this.#stage(linked, conditions)
    const { entry, from } = this.#render(staged, child => entryJson(scope, staged.row, populate, null, { populator: this.populator(child) }))
    if (!isToMany(attribute)) return scope.shape.relation(raw(this.#joined(level, onlyPerOwner(staged, entry, from))))
    // Links appended without a position share the largest one and keep insertion order (link id).
    const order = orderItems(scope, staged.row, populate.sort, populate.sort.length === 0 ? [`${staged.order} asc`, `${staged.linkId} asc`] : [])
    return scope.shape.relation(sql`coalesce(${raw(this.#joined(level, arrayPerOwner(staged, entry, from, order)))}, ${EMPTY_JSON_ARRAY})`)
  }

  #component (level: PageLevel, attribute: ComponentAttribute, populate: ComponentPopulate): Sql {
    const scope = this.#scope
    const model = scope.registry.model(attribute.component)
    const linked = this.#linkedRows(attribute.link, level.owners, model, populate.filters)
    const staged = this.#stage(linked, this.#conditions(linked, populate.filters))
    const { entry, from } = this.#render(staged, child =>
      componentObject(scope.column(model, staged.row.alias, 'id'), selectionPairs(scope, staged.row, populate, this.populator(child))))
    if (!attribute.repeatable) return raw(this.#joined(level, onlyPerOwner(staged, entry, from)))
    return sql`coalesce(${raw(this.#joined(level, arrayPerOwner(staged, entry, from, [staged.order, staged.linkId])))}, ${EMPTY_JSON_ARRAY})`
  }

  #zone (level: PageLevel, attribute: DynamicZoneAttribute, populate: DynamicZonePopulate): Sql {
    const branches: Sql[] = []
    for (const uid of attribute.components) {
      const selection = populate.components[uid]
      if (selection !== undefined) branches.push(this.#zoneBranch(level, attribute, uid, selection))
    }
    if (branches.length === 0) return EMPTY_JSON_ARRAY
    const items = sql`select ${raw(`z.${OWNER}`)}, json_agg(z.j order by z.o, z.k) as v from (${join(branches, ' union all ')}) z group by ${raw(`z.${OWNER}`)}`
    return sql`coalesce(${raw(this.#joined(level, items))}, ${EMPTY_JSON_ARRAY})`
  }

  /** One component's items of a zone as rows of (owner, position `o`, tie-break `k`, JSON `j`). */
  #zoneBranch (level: PageLevel, attribute: DynamicZoneAttribute, uid: string, selection: ZoneComponentSelection): Sql {
    const scope = this.#scope
    const component = scope.registry.model(uid)
    const linked = this.#linkedRows(attribute.links[uid]!, level.owners, component, selection.filters ?? null)
    const staged = this.#stage(linked, this.#conditions(linked, selection.filters ?? null))
    const { entry, from } = this.#render(staged, child =>
      zoneItemObject(scope.column(component, staged.row.alias, 'id'), uid, selectionPairs(scope, staged.row, selection, this.populator(child))))
    const sort = selection.sort ?? []
    if (sort.length === 0) return sql`select ${raw(`${staged.owner}, ${staged.order} as o, ${staged.linkId} as k`)}, ${entry} as j ${raw(from)}`
    // Sorted items take, in their new order, the positions this component's items hold in each owner's zone.
    const numbered = raw(`row_number() over (partition by ${staged.owner} order by ${orderItems(scope, staged.row, sort, [`${staged.order} asc`]).join(', ')}) as n ${from}`)
    const sorted = sql`select ${raw(staged.owner)}, ${entry} as j, ${numbered}`
    const positions = `select ${staged.owner}, ${staged.order} as o, ${staged.linkId} as k, ` +
      `row_number() over (partition by ${staged.owner} order by ${staged.order}, ${staged.linkId}) as n from ${staged.name} ${staged.row.alias}`
    return sql`select ${raw(`p.${OWNER}`)}, p.o, p.k, s.j from (${sorted}) s join (${raw(positions)}) p on ${raw(`p.${OWNER} = s.${OWNER}`)} and p.n = s.n`
  }

  /** The level's link rows and their targets; a filtered target's link rows are read first (see `linkedRowsOf`). */
  #linkedRows (side: LinkSide, owners: string, target: Model, filters: RelationPopulate['filters'], state?: RelationPopulate['publicationState']): LinkedRows {
    const linked = linkedRowsOf(this.#scope, side, owners, target, filters !== null, state)
    if (linked.linkRows !== null) this.#ctes.push(raw(linked.linkRows))
    return linked
  }

  #conditions (linked: LinkedRows, filters: RelationPopulate['filters']): Array<string | Sql> {
    return filters === null ? linked.where : [...linked.where, compileFilter(this.#scope, linked, filters)]
  }

  /**
   * The link's rows of the whole level as a CTE; read through a fresh alias. It holds the
   * target's columns that the statement reads on that alias (and `id`, which the next level's
   * owners read by the CTE's name), not all of them: PostgreSQL copies every row of a CTE read
   * twice into a tuplestore, so unused columns (an article's body) cost on every read.
   */
  #stage (linked: LinkedRows, conditions: ReadonlyArray<string | Sql>): Staged {
    const scope = this.#scope
    const name = scope.aliases.take('c')
    const alias = scope.aliases.take('t')
    const read = scope.readColumns(alias)
    this.#ctes.push(() => {
      const targets = new Set([scope.column(linked.model, linked.alias, 'id')])
      for (const column of read) targets.add(`${linked.alias}.${column}`)
      const columns = raw(`${name} as (select ${linked.owner} as ${OWNER}, ${linked.order} as ${ORDER}, ${linked.linkId} as ${LINK}, ${[...targets].join(', ')} ${linked.from}`)
      return sql`${columns}${whereClause(conditions)})`
    })
    return { name, row: { model: linked.model, alias }, owner: `${alias}.${OWNER}`, order: `${alias}.${ORDER}`, linkId: `${alias}.${LINK}` }
  }

  /** Builds a staged row's JSON with its own populated values as the next level; `from` reads the stage with their joins. */
  #render (staged: Staged, build: (child: PageLevel) => Sql): { entry: Sql, from: string } {
    const child: PageLevel = { row: staged.row, owners: `select ${this.#scope.column(staged.row.model, staged.name, 'id')} from ${staged.name}`, joins: [], nested: true }
    const entry = build(child)
    return { entry, from: `from ${staged.name} ${staged.row.alias}${child.joins.join('')}` }
  }

  /** Adds a CTE of one value `v` per owner `__o`, joins it to the level and returns the value's reference. */
  #joined (level: PageLevel, perOwner: Sql): string {
    const name = this.#scope.aliases.take('r')
    // Computed once: joined as the inner side of a nested loop, an inlined aggregate would be
    // built again for every row of the level (seen in generic plans with small row estimates).
    this.#ctes.push(sql`${raw(name)} as materialized (${perOwner})`)
    level.joins.push(` left join ${name} on ${name}.${OWNER} = ${this.#scope.column(level.row.model, level.row.alias, 'id')}`)
    return `${name}.v`
  }
}

/**
 * The one value per owner of a to-one side (its link column is unique: LinkSide.self), as it
 * comes: no sort and no `distinct on`, which would cost a sort per level for nothing.
 */
function onlyPerOwner (staged: Staged, value: Sql, from: string): Sql {
  return sql`select ${raw(staged.owner)}, ${value} as v ${raw(from)}`
}

function arrayPerOwner (staged: Staged, value: Sql, from: string, order: string[]): Sql {
  return sql`select ${raw(staged.owner)}, json_agg(${value} order by ${raw(order.join(', '))}) as v ${raw(`${from} group by ${staged.owner}`)}`
}
