/**
 * Relation attributes: their target, which side owns the link table, and what to do when the
 * two sides of a relation disagree, as Strapi serves them.
 */
import { SchemaError } from '../errors.js'
import type { RelationAttributeSchema, RelationType } from './definition.js'
import { ownLink } from './link-tables.js'
import type { LinkSide, Model, RelationAttribute } from './model.js'
import { entityNameForTable, snakeCase, tableIdentifier } from './names.js'
import { otherSide } from './other-side.js'
import type { Disagreement } from './other-side.js'
import type { RegistryDraft } from './registry-draft.js'
import { MIRRORED_RELATION, holdsMany } from './registry-rules.js'

/** null: a mappedBy side no owning side names, which Strapi neither stores nor reads. */
export function relationAttribute (draft: RegistryDraft, model: Model, name: string, declared: RelationAttributeSchema): RelationAttribute | null {
  const where = `attribute "${name}"`
  if (model.kind === 'component' && (declared.inversedBy !== undefined || declared.mappedBy !== undefined)) {
    throw new SchemaError(model.source, where, 'relations inside components must be one-way (no inversedBy/mappedBy)')
  }
  const target = draft.contentTypes.get(declared.target) ?? draft.plugins.get(declared.target)
  if (target === undefined) throw new SchemaError(model.source, where, `unknown relation target "${declared.target}"`)
  const relation = declared.relation as RelationType
  const toMany = holdsMany(relation)
  const base = {
    kind: 'relation' as const,
    name,
    required: declared.required === true,
    private: declared.private === true,
    system: false,
    relation,
    target: target.uid,
    toMany
  }
  if (declared.inversedBy === undefined && declared.mappedBy === undefined) {
    // One-way relations never make a target exclusive to one owner (as in Strapi).
    const link = ownLink(draft, { model, name, target: target.uid, unique: { uniqueOwner: !toMany, uniqueTarget: false } })
    return { ...base, otherToMany: true, owning: true, link }
  }
  return namedSide(draft, model, { declared, target, base })
}

/** A relation naming its other side (inversedBy/mappedBy): two-way, one-way or not served, as Strapi serves it. */
function namedSide (draft: RegistryDraft, model: Model, relation: {
  declared: RelationAttributeSchema
  target: Model
  base: Omit<RelationAttribute, 'otherToMany' | 'owning' | 'inverse' | 'link'>
}): RelationAttribute | null {
  const { declared, target, base } = relation
  const where = `attribute "${base.name}"`
  const side = otherSide({ uid: model.uid, name: base.name, declared }, uid => draft.sources.get(uid)?.schema.attributes)
  if (side.kind === 'refused') throw new SchemaError(model.source, where, side.problem)
  if (side.disagreement !== null) noteDisagreement(draft, model, where, side.disagreement)
  if (side.kind === 'absent') return null
  if (side.kind === 'oneWay') {
    // Strapi still treats the side as two-way: a oneToOne target belongs to one owner at a time.
    const otherToMany = holdsMany(MIRRORED_RELATION[base.relation])
    const link = ownLink(draft, { model, name: base.name, target: target.uid, unique: { uniqueOwner: !base.toMany, uniqueTarget: !otherToMany } })
    return { ...base, otherToMany, owning: true, link }
  }
  const { inverse, mirror } = side
  if (mirror.relation !== MIRRORED_RELATION[base.relation]) {
    throw new SchemaError(model.source, where,
      `a ${base.relation} relation must be mirrored by ${MIRRORED_RELATION[base.relation]}, ${target.uid}.${inverse} is ${mirror.relation}`)
  }
  const otherToMany = holdsMany(mirror.relation)
  if (declared.inversedBy !== undefined) {
    const link = ownLink(draft, { model, name: base.name, target: target.uid, unique: { uniqueOwner: !base.toMany, uniqueTarget: !otherToMany } })
    return { ...base, otherToMany, owning: true, inverse, link }
  }
  const ownerTable = tableIdentifier(`${target.table}_${snakeCase(inverse)}_lnk`)
  // The owning side made its target column unique exactly when this side is to-one (`uniqueTarget` above).
  const link: LinkSide = { entity: entityNameForTable(ownerTable), self: 'target', other: 'owner', order: 'invOrd' }
  return { ...base, otherToMany, owning: false, inverse, link }
}

/** A relation whose sides disagree: refused with `strict`, else named once in the start-up warnings. */
function noteDisagreement (draft: RegistryDraft, model: Model, where: string, disagreement: Disagreement): void {
  if (draft.settings.strict === true) throw new SchemaError(model.source, where, disagreement.problem)
  if (disagreement.warning !== null) draft.oneSidedRelations.push(disagreement.warning)
}
