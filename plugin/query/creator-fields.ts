/**
 * `populate[createdBy][fields]` and `populate[updatedBy][fields]` (docs/access-control.md, 'Admin users and creator fields'): where the
 * list handler shows creators, a client may narrow each to `firstname` and/or `lastname`
 * (`id` is always there). Any other name is a 400 like an unknown field anywhere: an
 * admin's email or password must not be reachable by asking.
 */
import type { CreatorField, CreatorSelection } from './tree.js'
import { fieldTexts } from './fields.js'
import { invalidParameter, isRecord, splitCommaList, type KeyPath } from './parse.js'

const CREATORS = ['createdBy', 'updatedBy'] as const
const FIELDS: readonly CreatorField[] = ['firstname', 'lastname']

function isCreatorField (name: string): name is CreatorField {
  return (FIELDS as readonly string[]).includes(name)
}

/** The object form of `populate` only: lists and dotted paths carry no fields. */
export function compileCreatorSelection (populate: unknown, path: KeyPath): CreatorSelection | undefined {
  if (!isRecord(populate)) return undefined
  const selection: CreatorSelection = {}
  for (const creator of CREATORS) {
    const options = populate[creator]
    if (!isRecord(options) || options.fields === undefined) continue
    selection[creator] = creatorFields(options.fields, [...path, creator, 'fields'])
  }
  return Object.keys(selection).length === 0 ? undefined : selection
}

function creatorFields (raw: unknown, path: KeyPath): CreatorField[] {
  const requested = new Set<string>()
  for (const [text, at] of fieldTexts(raw, path)) {
    for (const name of splitCommaList(text, at)) {
      if (name === '*') FIELDS.forEach(field => requested.add(field))
      else if (isCreatorField(name)) requested.add(name)
      else if (name !== 'id') throw invalidParameter(at, name)
    }
  }
  return FIELDS.filter(field => requested.has(field))
}
