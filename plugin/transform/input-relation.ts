/**
 * A relation or media value of a write body → the link operation it asks for. Accepted
 * forms (spec 4.4, DECISIONS §5): an id, a numeric string, `{ id }` / `{ id, type }`, a list
 * of those (order kept), `{ connect, disconnect, set }` with connect positions, and `null`
 * or `[]` to clear. Whether the ids exist is the repository's business.
 */
import type { MediaAttribute, RelationAttribute } from '../content-types/model.js'
import type { IssueList } from './input-issues.js'
import type { ConnectItem, ConnectPosition, InputPath, LinkOperation, LinkWrite } from './input-plan.js'

const INT32_MAX = 2147483647
/** Keeps one attribute's statements under PostgreSQL's 65535 bound parameters, and its work small. */
export const MAX_IDS_PER_LIST = 10000
const OPERATION_KEYS: ReadonlySet<string> = new Set(['connect', 'disconnect', 'set'])
const SHAPE_PROBLEM = 'must be an id, a list of ids, or an object with connect, disconnect or set'

export function planLink (
  attribute: RelationAttribute | MediaAttribute,
  raw: unknown,
  path: InputPath,
  issues: IssueList
): LinkWrite | null {
  const toMany = attribute.kind === 'media' ? attribute.multiple : attribute.toMany
  const operation = readOperation(raw, path, issues)
  if (operation === null) return null
  // Whether connect/disconnect empties the list only the current links tell (repository).
  if (attribute.required && operation.kind === 'set' && operation.ids.length === 0) {
    issues.add(path, 'must be defined')
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

function readOperation (raw: unknown, path: InputPath, issues: IssueList): LinkOperation | null {
  if (raw === null) return { kind: 'set', ids: [] }
  if (Array.isArray(raw)) return readSet(raw, path, issues)
  if (isPlainObject(raw) && Object.keys(raw).some(key => OPERATION_KEYS.has(key))) return readOperationObject(raw, path, issues)
  const id = readReference(raw, path, issues)
  return id === null ? null : { kind: 'set', ids: [id] }
}

function readOperationObject (raw: Record<string, unknown>, path: InputPath, issues: IssueList): LinkOperation | null {
  let valid = true
  for (const key of Object.keys(raw)) {
    if (!OPERATION_KEYS.has(key)) {
      issues.add([...path, key], 'is not a relation operation (expected connect, disconnect or set)')
      valid = false
    }
  }
  if (raw.set !== undefined) {
    if (raw.connect !== undefined || raw.disconnect !== undefined) {
      issues.add(path, 'cannot combine set with connect or disconnect')
      return null
    }
    if (!Array.isArray(raw.set)) {
      issues.add([...path, 'set'], 'must be a list of ids')
      return null
    }
    const set = readSet(raw.set, [...path, 'set'], issues)
    return valid ? set : null
  }
  const disconnect = raw.disconnect === undefined ? [] : readIdList(raw.disconnect, [...path, 'disconnect'], issues)
  const connect = raw.connect === undefined ? [] : readConnectList(raw.connect, [...path, 'connect'], issues)
  if (!valid || disconnect === null || connect === null) return null
  return { kind: 'edit', disconnect, connect }
}

function readSet (items: unknown[], path: InputPath, issues: IssueList): LinkOperation | null {
  const ids = readIdList(items, path, issues)
  return ids === null ? null : { kind: 'set', ids }
}

function readIdList (raw: unknown, path: InputPath, issues: IssueList): number[] | null {
  if (!Array.isArray(raw)) {
    issues.add(path, 'must be a list of ids')
    return null
  }
  if (isTooLong(raw, path, issues)) return null
  const ids = new Set<number>()
  let valid = true
  raw.forEach((item, index) => {
    const id = readReference(item, [...path, index], issues)
    if (id === null) valid = false
    else if (ids.has(id)) {
      issues.add([...path, index], `repeats the id ${id}`)
      valid = false
    } else ids.add(id)
  })
  return valid ? [...ids] : null
}

function readConnectList (raw: unknown, path: InputPath, issues: IssueList): ConnectItem[] | null {
  if (!Array.isArray(raw)) {
    issues.add(path, 'must be a list of ids or { id, position } objects')
    return null
  }
  if (isTooLong(raw, path, issues)) return null
  const items: ConnectItem[] = []
  const ids = new Set<number>()
  let valid = true
  raw.forEach((item, index) => {
    const itemPath = [...path, index]
    const id = readReference(item, itemPath, issues)
    const position = isPlainObject(item) && item.position !== undefined
      ? readPosition(item.position, [...itemPath, 'position'], issues)
      : null
    if (id === null || position === undefined) valid = false
    else if (ids.has(id)) {
      issues.add(itemPath, `repeats the id ${id}`)
      valid = false
    } else {
      ids.add(id)
      items.push({ id, position, path: itemPath })
    }
  })
  return valid ? items : null
}

function isTooLong (list: unknown[], path: InputPath, issues: IssueList): boolean {
  if (list.length <= MAX_IDS_PER_LIST) return false
  issues.add(path, `must hold at most ${MAX_IDS_PER_LIST} ids`)
  return true
}

/** `{ before: id } | { after: id } | { start: true } | { end: true }`; undefined when invalid. */
function readPosition (raw: unknown, path: InputPath, issues: IssueList): ConnectPosition | null | undefined {
  const problem = 'must be one of { before: id }, { after: id }, { start: true }, { end: true }'
  if (!isPlainObject(raw) || Object.keys(raw).length !== 1) {
    issues.add(path, problem)
    return undefined
  }
  const [[key, value]] = Object.entries(raw) as [[string, unknown]]
  if (key === 'before' || key === 'after') {
    const id = parseId(value)
    if (id !== null) return key === 'before' ? { before: id } : { after: id }
  } else if ((key === 'start' || key === 'end') && value === true) {
    return key === 'start' ? { start: true } : { end: true }
  }
  issues.add(path, problem)
  return undefined
}

/** An id, or an object carrying one (`{ id }`, `{ id, type }`, a connect item). */
function readReference (raw: unknown, path: InputPath, issues: IssueList): number | null {
  if (isPlainObject(raw)) {
    if (raw.id === undefined) {
      issues.add(path, SHAPE_PROBLEM)
      return null
    }
    const id = parseId(raw.id)
    if (id === null) issues.add([...path, 'id'], 'must be a positive integer id')
    return id
  }
  const id = parseId(raw)
  if (id === null) issues.add(path, typeof raw === 'number' || typeof raw === 'string' ? 'must be a positive integer id' : SHAPE_PROBLEM)
  return id
}

/** A positive id that fits the integer `id` column, from a number or a digit string. */
export function parseId (raw: unknown): number | null {
  const value = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= INT32_MAX ? value : null
}

export function isPlainObject (value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
