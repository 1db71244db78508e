/**
 * The reads of one GraphQL operation for one caller, prepared before it executes: each root
 * field's QueryTree compiled from its selection (./selection.ts), checked against the
 * caller's action as a REST route checks it, pruned by its permissions (access/prune.ts), and
 * the whole operation measured against the populate budget: its root fields together, so a
 * query that fans out through aliases is refused as a whole before any SQL runs.
 *
 * Prepared operations are kept per parsed document (mercurius keeps one per query text),
 * caller's grants and variables, within a bound of entries and estimated bytes; the trees
 * they hold are shared by equal reads, so the read compiler's statements (kept per tree
 * object) are compiled once.
 */
import { getArgumentValues, getOperationAST } from 'graphql'
import type { DocumentNode, FieldNode, GraphQLObjectType, OperationDefinitionNode } from 'graphql'
import type { Ability } from '../auth/abilities.js'
import { pruneListQuery, pruneSelection } from '../access/prune.js'
import type { ContentTypeModel, ReadableModel } from '../content-types/model.js'
import type { Registry } from '../content-types/registry.js'
import { ApiError, ForbiddenError } from '../errors.js'
import { UPLOAD_UID } from '../options/permissions.js'
import { entryId } from './entry-id.js'
import { BoundedCache } from '../query/bounded-cache.js'
import { checkMeasure, measurePopulate } from '../query/populate-budget.js'
import type { PopulateMeasure, ResolvedPopulateLimits } from '../query/populate-budget.js'
import type { EntryQuery, QueryTree } from '../query/tree.js'
import { compileGraphqlSingleLocale } from './arguments.js'
import type { ListLimits, ListWindow } from './arguments.js'
import { collectSelections, fragmentsOf } from './collect.js'
import type { Document } from './collect.js'
import { mutationAction, mutationSubject } from './mutation-fields.js'
import type { MutationRole } from './mutation-fields.js'
import type { ContentSchema, EntityModel, RootRole } from './schema.js'
import { compileEntry, compileList } from './selection.js'
import type { ListSource } from './selection.js'

/** One root field, ready to run: its read, and how its answer is shaped; or the error it answers. */
export type PreparedRead =
  | { kind: 'list', model: ReadableModel, tree: QueryTree, window: ListWindow, answer: (source: ListSource) => unknown }
  | { kind: 'entry', model: ReadableModel, query: EntryQuery, id: number | null, answer: (entry: unknown) => unknown }
  | { kind: 'single', model: ContentTypeModel, query: EntryQuery, locale: string | null, answer: (entry: unknown) => unknown }
  /** A mutation's: the written entry answered with its selection, drafts included. */
  | { kind: 'written', model: EntityModel, query: EntryQuery, answer: (entry: unknown) => unknown }
  | { kind: 'refused', error: Error }

/** The root fields of an operation by response key; fields of no content type (`__typename`, `__schema`) have none. */
export type PreparedOperation = ReadonlyMap<string, PreparedRead>

export interface OperationContext {
  registry: Registry
  content: ContentSchema
  limits: ListLimits
  budget: ResolvedPopulateLimits
}

/**
 * Prepared operations, by parsed operation, caller's grants and variables, all of them
 * bounded together: clients choose query texts and variables, and must not grow the heap.
 */
const PREPARED_OPERATIONS = { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 }
/** Shared trees, by their JSON: about this many per plugin instance. */
const SHARED_TREES = { maxEntries: 2_000, maxBytes: 8 * 1024 * 1024 }

/** A prepared operation's trees and shapes grow with its text, as a REST query's with its string (query/bounded-cache.ts). */
function preparedBytes (key: string, operation: { textLength: number }): number {
  return 2048 + (key.length + operation.textLength) * 56
}

export interface OperationPreparer {
  /** Throws a 400 (ValidationError) when the operation as a whole is over the populate budget. */
  prepare: (input: { document: DocumentNode, operationName: string | null, variables: Record<string, unknown>, ability: Ability }) => PreparedOperation
}

export function operationPreparer (context: OperationContext): OperationPreparer {
  /** A number per parsed operation (mercurius keeps one document per query text), to key prepared operations by. */
  const operationIds = new WeakMap<OperationDefinitionNode, number>()
  let nextOperationId = 0
  const prepared = new BoundedCache<{ reads: PreparedOperation, textLength: number }>(PREPARED_OPERATIONS, preparedBytes)
  const trees = new BoundedCache<object>(SHARED_TREES)
  /** One object for equal reads, so their statement is compiled once. */
  const shared = <T extends object>(kind: string, model: EntityModel, read: T): T =>
    trees.get(`${kind}|${model.uid}|${JSON.stringify(read)}`, () => read) as T
  return {
    prepare ({ document, operationName, variables, ability }) {
      const operation = getOperationAST(document, operationName)
      // Validation has passed; an operation it cannot name has no content fields to prepare.
      if (operation === null || operation === undefined) return new Map()
      // A mutation's variables are what it writes (a password, a body): neither kept nor worth keeping.
      if (operation.operation === 'mutation') return prepareReads(context, { document, operation, variables, ability, shared })
      let id = operationIds.get(operation)
      if (id === undefined) operationIds.set(operation, id = nextOperationId++)
      // Errors of the whole operation (the budget) are thrown before anything is kept.
      return prepared.get(`${id}|${ability.key}|${JSON.stringify(variables)}`, () => ({
        reads: prepareReads(context, { document, operation, variables, ability, shared }),
        textLength: document.loc?.end ?? 0
      })).reads
    }
  }
}

interface PrepareInput {
  document: DocumentNode
  operation: OperationDefinitionNode
  variables: Record<string, unknown>
  ability: Ability
  shared: <T extends object>(kind: string, model: EntityModel, read: T) => T
}

function prepareReads (context: OperationContext, input: PrepareInput): PreparedOperation {
  const { schema, roots, mutations } = context.content
  const document: Document = { schema, fragments: fragmentsOf(input.document), variables: input.variables }
  const mutation = input.operation.operation === 'mutation'
  const rootType = (mutation ? schema.getMutationType() : schema.getQueryType()) as GraphQLObjectType
  const reads = new Map<string, PreparedRead>()
  const measures: PopulateMeasure[] = []
  for (const [key, nodes] of collectSelections(document, rootType, [input.operation.selectionSet])) {
    const name = nodes[0]!.name.value
    const role = mutation ? mutations.get(name) : roots.get(name)
    if (role === undefined) continue
    const field = rootType.getFields()[name]!
    try {
      const selection = { ...document, registry: context.registry, limits: context.limits }
      const read = mutation
        ? prepareWritten(context, selection, role as MutationRole, nodes, input.ability)
        : prepareRead(context, selection, role as RootRole, nodes, getArgumentValues(field, nodes[0]!, input.variables), input.ability)
      if (read.kind !== 'refused') measures.push(read.measure)
      reads.set(key, read.kind === 'refused' ? read : shareRead(read.read, input.shared))
    } catch (error) {
      // A root field's own mistake (a bad filter, an unknown locale) is its own error; the others still answer.
      if (!(error instanceof ApiError)) throw error
      reads.set(key, { kind: 'refused', error })
    }
  }
  checkMeasure(operationMeasure(measures), context.budget, { name: 'the query', path: ['query'] })
  return reads
}

/** The same tree object for equal reads (the statement cache is keyed by it); the answer stays this query's own. */
function shareRead (read: Exclude<PreparedRead, { kind: 'refused' }>, shared: PrepareInput['shared']): PreparedRead {
  switch (read.kind) {
    case 'list': return { ...read, tree: shared('list', read.model, read.tree) }
    case 'entry': return { ...read, query: shared('entry', read.model, read.query) }
    case 'single': return { ...read, query: shared('single', read.model, read.query) }
    case 'written': return { ...read, query: shared('written', read.model, read.query) }
  }
}

/**
 * A mutation's answer: its selection read as `article(id)` reads it, drafts included (the
 * entry just written may be one), after the caller's action is checked.
 */
function prepareWritten (
  context: OperationContext, selection: Parameters<typeof compileEntry>[0], role: MutationRole, nodes: FieldNode[], ability: Ability
): Measured {
  const { model } = role
  if (!ability.can(mutationSubject(role), mutationAction(role))) return { kind: 'refused', error: new ForbiddenError('Forbidden access') }
  const entry = compileEntry(selection, model, nodes, { publicationState: 'preview' })
  const measure = measurePopulate({ registry: context.registry, model, query: entry.query })
  const query: EntryQuery = { ...pruneSelection({ registry: context.registry, ability }, model, entry.query), estimatedRows: measure.rows }
  return { kind: 'read', read: { kind: 'written', model, query, answer: entry.answer }, measure }
}

type Measured = { kind: 'read', read: Exclude<PreparedRead, { kind: 'refused' }>, measure: PopulateMeasure } | { kind: 'refused', error: Error }

function prepareRead (
  context: OperationContext, selection: Parameters<typeof compileList>[0], role: RootRole, nodes: FieldNode[], args: Record<string, unknown>, ability: Ability
): Measured {
  const { model } = role
  const action = role.kind === 'findOne' ? 'findOne' : 'find'
  // Files take the media library's actions, as its REST routes (upload/access.ts).
  const subject = model.kind === 'file' ? UPLOAD_UID : model.uid
  if (!ability.can(subject, action)) return { kind: 'refused', error: new ForbiddenError('Forbidden access') }
  const scope = { registry: context.registry, ability }
  if (role.kind === 'find') {
    const list = compileList(selection, model, nodes, args)
    const measure = measurePopulate({ registry: context.registry, model, query: list.tree })
    const tree = { ...pruneListQuery(scope, model, list.tree), estimatedRows: measure.rows }
    return { kind: 'read', read: { kind: 'list', model, tree, window: list.window, answer: list.answer }, measure }
  }
  const entry = compileEntry(selection, model, nodes, args)
  const measure = measurePopulate({ registry: context.registry, model, query: entry.query })
  const query: EntryQuery = { ...pruneSelection(scope, model, entry.query), estimatedRows: measure.rows }
  if (role.kind === 'single') {
    const single = role.model
    return { kind: 'read', read: { kind: 'single', model: single, query, locale: compileGraphqlSingleLocale(context.registry, single.localized, args.locale), answer: entry.answer }, measure }
  }
  return { kind: 'read', read: { kind: 'entry', model, query, id: entryId(args.id), answer: entry.answer }, measure }
}

/**
 * The operation's root fields as one read: the deepest of their depths, and the sum of their
 * populated attributes and rows; each root field past the first counts as a populated
 * attribute too, since each is a statement of its own.
 */
function operationMeasure (measures: readonly PopulateMeasure[]): PopulateMeasure {
  const total: PopulateMeasure = { depth: 0, deepestPath: [], branches: Math.max(0, measures.length - 1), entries: 0, rows: 0 }
  for (const measure of measures) {
    if (measure.depth > total.depth) {
      total.depth = measure.depth
      total.deepestPath = measure.deepestPath
    }
    total.branches += measure.branches
    total.entries += measure.entries
    total.rows += measure.rows
  }
  return total
}
