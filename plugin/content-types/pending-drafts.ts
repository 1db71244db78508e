/**
 * A published document's pending draft (docs/strapi-v5.md, 'Drafts beside published
 * versions'): a second row of the document in its locale, `published_at` null, holding its
 * own copy of the entry's values. Which parts of an entry such a row holds itself is decided
 * here, once, for the writes that copy them and the reads that follow them.
 *
 * Links always point at a document's main row (its published row, or its only row): a
 * draft row owns copies of the links it owns (relations on the owning side, media,
 * components, zones), while the links that point at it (the other side of a relation) and
 * its `localizations` stay with the main row, whose they are.
 */
import type { ContentTypeModel, LinkSide, Model, RelationAttribute } from './model.js'

/** Whether `model`'s rows can have a pending draft: content types with draftAndPublish. */
export function mayHaveDrafts (model: Model): model is ContentTypeModel {
  return model.kind === 'contentType' && model.draftAndPublish
}

/** Whether a draft row of `model` holds links of `side` itself (else they are its main row's). */
export function draftOwnsSide (model: Model, side: LinkSide): boolean {
  if (side.self !== 'owner') return false
  const localizations = model.attributes.get('localizations')
  return !(localizations?.kind === 'relation' && localizations.link.entity === side.entity)
}

/** The relations, media, components and zones whose links a draft row of `model` holds itself (its scalars are all its own). */
export function draftLinkAttributes (model: Model): string[] {
  const names: string[] = []
  for (const attribute of model.attributes.values()) {
    if (attribute.kind === 'scalar') continue
    if (attribute.kind === 'dynamiczone' || draftOwnsSide(model, attribute.link)) names.push(attribute.name)
  }
  return names
}

/**
 * The relations of `model` whose links its drafts hold through the other side's drafts: the
 * other side of a two-way relation (`mappedBy`) whose owner is a type with drafts. Its links
 * are the owner rows' (a draft row of the owner holds its own), so a draft of `model` writing
 * it writes the links of its owners' drafts, and leaves their published rows' alone.
 */
export function draftInverseRelations (model: Model, owners: (uid: string) => Model): RelationAttribute[] {
  const relations: RelationAttribute[] = []
  for (const attribute of model.attributes.values()) {
    if (attribute.kind !== 'relation' || attribute.owning || attribute.name === 'localizations') continue
    if (attribute.link.other === 'owner' && mayHaveDrafts(owners(attribute.target))) relations.push(attribute)
  }
  return relations
}

/**
 * The relations of `model` that a pending draft cannot write: the other side of a relation
 * (`mappedBy`) whose owner is a type without drafts. Its links are the owner rows', and such
 * an owner has one row, shared by both versions of the document (Strapi 5 links both from a
 * type without drafts): no draft row can hold a link the published row does not have.
 */
export function draftlessOwnerRelations (model: Model, owners: (uid: string) => Model): RelationAttribute[] {
  const relations: RelationAttribute[] = []
  for (const attribute of model.attributes.values()) {
    if (attribute.kind !== 'relation' || attribute.owning || attribute.name === 'localizations') continue
    if (attribute.link.other === 'owner' && !mayHaveDrafts(owners(attribute.target))) relations.push(attribute)
  }
  return relations
}
