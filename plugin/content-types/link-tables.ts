/** The link tables of relations, media, components and zones: one per owning attribute, each claimed in the draft. */
import type { LinkSide, Model } from './model.js'
import { entityNameForTable, snakeCase, tableIdentifier } from './names.js'
import type { RegistryDraft } from './registry-draft.js'

export interface OwnLinkOptions {
  model: Model
  /** The attribute that owns the link. */
  name: string
  target: string
  unique: { uniqueOwner: boolean, uniqueTarget: boolean }
  /** A dynamic zone has one link table per component it allows. */
  zoneComponent?: string
}

/** Declares the link table owned by `model.name` (optionally one per zone component). */
export function ownLink (draft: RegistryDraft, { model, name, target, unique, zoneComponent }: OwnLinkOptions): LinkSide {
  const suffix = zoneComponent === undefined ? '' : `_${snakeCase(zoneComponent)}`
  const table = tableIdentifier(`${model.table}_${snakeCase(name)}${suffix}_lnk`)
  draft.claimTable(table, `${model.source} (attribute "${name}")`)
  const entity = entityNameForTable(table)
  draft.links.push({ entity, table, owner: model.uid, target, ...unique })
  return { entity, self: 'owner', other: 'target', order: 'ord' }
}
