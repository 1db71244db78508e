/**
 * A relation or media value of a write body → the link operation it asks for. Accepted
 * forms (docs/writing.md, 'Relations and media'): an id, a numeric string, `{ id }` / `{ id, type }`, a list
 * of those (order kept), `{ connect, disconnect, set }` with connect positions and Strapi's
 * `options: { strict }`, and `null` or `[]` to clear. Whether the ids exist is the
 * repository's business.
 *
 * As in Strapi, a relation sent back the way a read answers it (`{ data: ... }`) changes
 * nothing (unless `strict`): what a read shows may be filtered or pruned by permissions,
 * so it cannot safely stand for the whole list. A media list may name a file twice; it is
 * linked once, where it first appears (Strapi does the same).
 */
import { isToMany } from '../content-types/model.js'
import { parseRowId } from '../content-types/row-ids.js'
import type { MediaAttribute, RelationAttribute } from '../content-types/model.js'
import type { IssueList } from './issues.js'
import type { ConnectItem, ConnectPosition, InputPath, LinkOperation, LinkWrite } from './plan.js'
import { isRecord } from '../is-record.js'

/** Keeps one attribute's statements under PostgreSQL's 65535 bound parameters, and its work small. */
export const MAX_IDS_PER_LIST = 10000
const OPERATION_KEYS: ReadonlySet<string> = new Set(['connect', 'disconnect', 'set', 'options'])
const SHAPE_PROBLEM = 'must be an id, a list of ids, or an object with connect, disconnect or set'

/** Where a link's problems go; `strict`: a value in the shape a read answers is a 400 rather than nothing. */
export interface LinkContext {
  issues: IssueList
  strict: boolean
}

/** A relation or media value as sent, and where. */
export interface LinkInput {
  attribute: RelationAttribute | MediaAttribute
  raw: unknown
  path: InputPath
}

export function planLink ({ issues, strict }: LinkContext, { attribute, raw, path }: LinkInput): LinkWrite | null {
  const toMany = isToMany(attribute)
  if (!strict && isReadShape(raw)) return null
  const operation = readOperation(raw, { path, issues, repeats: attribute.kind === 'media' ? 'merge' : 'refuse' })
  if (operation === null) return null
  // Whether connect/disconnect empties the list only the current links tell (repository).
  if (attribute.required && operation.kind === 'set' && operation.ids.length === 0) {
    issues.add(path, 'must be defined.')
    return null
  }
  if (!toMany) {
    const count = operation.kind === 'set' ? operation.ids.length : operation.connect.length
    if (count > 1) {
      issues.add(operation.kind === 'set' ? path : [...path, 'connect'], 'must hold at most one id: this attribute links a single entry')
      return null
    }
  }
  return { attribute, operation, path }
}

/** `{ data: ... }` and nothing else: a relation or media value as a read answers it. */
function isReadShape (raw: unknown): boolean {
  return isRecord(raw) && Object.keys(raw).length === 1 && 'data' in raw
}

interface ListReading {
  path: InputPath
  issues: IssueList
  /** An id named twice in one list: a 400 for relations, linked once for media (as Strapi). */
  repeats: 'refuse' | 'merge'
}

function readOperation (raw: unknown, reading: ListReading): LinkOperation | null {
  const { path, issues } = reading
  if (raw === null) return { kind: 'set', ids: [] }
  if (Array.isArray(raw)) return readSet(raw, reading)
  if (isRecord(raw) && Object.keys(raw).some(key => OPERATION_KEYS.has(key))) return readOperationObject(raw, reading)
  const id = readReference(raw, path, issues)
  return id === null ? null : { kind: 'set', ids: [id] }
}

function readOperationObject (raw: Record<string, unknown>, reading: ListReading): LinkOperation | null {
  const { path, issues } = reading
  let valid = true
  for (const key of Object.keys(raw)) {
    if (!OPERATION_KEYS.has(key)) {
      issues.add([...path, key], 'is not a relation operation (expected connect, disconnect, set or options)')
      valid = false
    }
  }
  const strict = readStrictOption(raw.options, [...path, 'options'], issues)
  if (strict === null) valid = false
  if (raw.set !== undefined) {
    if (raw.connect !== undefined || raw.disconnect !== undefined) {
      issues.add(path, 'cannot combine set with connect or disconnect')
      return null
    }
    if (!Array.isArray(raw.set)) {
      issues.add([...path, 'set'], 'must be a list of ids')
      return null
    }
    const set = readSet(raw.set, { ...reading, path: [...path, 'set'] })
    return valid ? set : null
  }
  const disconnect = raw.disconnect === undefined ? [] : readIdList(raw.disconnect, { ...reading, path: [...path, 'disconnect'] })
  const connect = raw.connect === undefined ? [] : readConnectList(raw.connect, { ...reading, path: [...path, 'connect'] })
  if (!valid || disconnect === null || connect === null || strict === null) return null
  return { kind: 'edit', disconnect, connect, strict }
}

/**
 * Strapi's `options: { strict }` (default true): with `strict: false` a connect placed
 * relative to an entry that is not linked is appended instead of refused. Null when invalid.
 */
function readStrictOption (raw: unknown, path: InputPath, issues: IssueList): boolean | null {
  if (raw === undefined) return true
  if (isRecord(raw) && Object.keys(raw).every(key => key === 'strict') && (raw.strict === undefined || typeof raw.strict === 'boolean')) {
    return raw.strict !== false
  }
  issues.add(path, 'must be an object { strict: boolean }')
  return null
}

function readSet (items: unknown[], reading: ListReading): LinkOperation | null {
  const ids = readIdList(items, reading)
  return ids === null ? null : { kind: 'set', ids }
}

function readIdList (raw: unknown, reading: ListReading): number[] | null {
  const { path, issues } = reading
  if (!isBoundedList(raw, reading, 'must be a list of ids')) return null
  const ids = new Set<number>()
  let valid = true
  raw.forEach((item, index) => {
    const id = readReference(item, [...path, index], issues)
    if (id === null) valid = false
    else if (ids.has(id)) valid = refuseRepeat(reading, [...path, index], id) && valid
    else ids.add(id)
  })
  return valid ? [...ids] : null
}

function readConnectList (raw: unknown, reading: ListReading): ConnectItem[] | null {
  const { path, issues } = reading
  if (!isBoundedList(raw, reading, 'must be a list of ids or { id, position } objects')) return null
  const items: ConnectItem[] = []
  const ids = new Set<number>()
  let valid = true
  raw.forEach((item, index) => {
    const itemPath = [...path, index]
    const id = readReference(item, itemPath, issues)
    const position = isRecord(item) && item.position !== undefined
      ? readPosition(item.position, [...itemPath, 'position'], issues)
      : null
    if (id === null || position === undefined) valid = false
    else if (ids.has(id)) valid = refuseRepeat(reading, itemPath, id) && valid
    else {
      ids.add(id)
      items.push({ id, position, path: itemPath })
    }
  })
  return valid ? items : null
}

/** Whether the list stays valid after naming `id` again: media merge repeats, relations refuse them. */
function refuseRepeat (reading: ListReading, path: InputPath, id: number): boolean {
  if (reading.repeats === 'merge') return true
  reading.issues.add(path, `repeats the id ${id}`)
  return false
}

/** A list of at most MAX_IDS_PER_LIST items; otherwise the problem (`notAList` when it is no list) is noted. */
function isBoundedList (raw: unknown, { path, issues }: ListReading, notAList: string): raw is unknown[] {
  if (!Array.isArray(raw)) {
    issues.add(path, notAList)
    return false
  }
  if (raw.length <= MAX_IDS_PER_LIST) return true
  issues.add(path, `must hold at most ${MAX_IDS_PER_LIST} ids`)
  return false
}

/** `{ before: id } | { after: id } | { start: true } | { end: true }`; undefined when invalid. */
function readPosition (raw: unknown, path: InputPath, issues: IssueList): ConnectPosition | null | undefined {
  const problem = 'must be one of { before: id }, { after: id }, { start: true }, { end: true }'
  if (!isRecord(raw) || Object.keys(raw).length !== 1) {
    issues.add(path, problem)
    return undefined
  }
  const [[key, value]] = Object.entries(raw) as [[string, unknown]]
  if (key === 'before' || key === 'after') {
    const id = parseRowId(value)
    if (id !== null) return key === 'before' ? { before: id } : { after: id }
  } else if ((key === 'start' || key === 'end') && value === true) {
    return key === 'start' ? { start: true } : { end: true }
  }
  issues.add(path, problem)
  return undefined
}

/** An id, or an object carrying one (`{ id }`, `{ id, type }`, a connect item). */
function readReference (raw: unknown, path: InputPath, issues: IssueList): number | null {
  if (isRecord(raw)) {
    if (raw.id === undefined) {
      issues.add(path, SHAPE_PROBLEM)
      return null
    }
    const id = parseRowId(raw.id)
    if (id === null) issues.add([...path, 'id'], 'must be a positive integer id')
    return id
  }
  const id = parseRowId(raw)
  if (id === null) issues.add(path, typeof raw === 'number' || typeof raw === 'string' ? 'must be a positive integer id' : SHAPE_PROBLEM)
  return id
}
