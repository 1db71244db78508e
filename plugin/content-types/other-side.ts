/**
 * The other side of a relation that names one (`inversedBy` / `mappedBy`), found as Strapi 4
 * finds it. Strapi never checks that the two sides agree. An owning side (`inversedBy`)
 * keeps its links in a table of its own; it only needs the attribute it names to exist and
 * to be a relation, else Strapi does not start. A `mappedBy` side keeps nothing: it reads the
 * table of the owning side that names it, whatever name it gives itself, and with no such
 * owner it reads and stores nothing. So projects whose sides disagree start in Strapi, and
 * load here the same way, each disagreement named once (or refused with `strict`).
 */
import type { AttributeSchema, RelationAttributeSchema } from './definition.js'

/** A relation attribute as its schema declares it, with the model it belongs to. */
export interface DeclaredRelation {
  uid: string
  name: string
  declared: RelationAttributeSchema
}

/** How the two sides disagree: the start-up warning, and what `strict` refuses with. */
export interface Disagreement {
  /** null when the other end of the same relation gives the warning. */
  warning: string | null
  problem: string
}

export type OtherSide =
  /** Served as one two-way relation; `disagreement` is null when both sides name each other. */
  | { kind: 'mirrored', inverse: string, mirror: RelationAttributeSchema, disagreement: Disagreement | null }
  /** An owning side whose mirror does not point back: its own links, nothing on the other side. */
  | { kind: 'oneWay', disagreement: Disagreement }
  /** A mappedBy side no owning side names: Strapi stores nothing for it, so it is not served. */
  | { kind: 'absent', disagreement: Disagreement }
  /** What Strapi 4 does not start with either. */
  | { kind: 'refused', problem: string }

/** A uid's declared attributes, or undefined for a model that is not known. */
export type AttributesOf = (uid: string) => Record<string, AttributeSchema> | undefined

function relationAt (attributes: Record<string, AttributeSchema> | undefined, name: string): RelationAttributeSchema | undefined {
  const attribute = attributes?.[name]
  return attribute?.type === 'relation' ? attribute : undefined
}

/**
 * The owning attribute a mappedBy side reads: the one it names, if that one names it back;
 * else the only one naming it. (Strapi takes the last one it meets; two owners naming the
 * same side are not a layout anyone means, so neither is picked then.)
 */
function ownerOf (side: DeclaredRelation, attributesOf: AttributesOf): string | null {
  const candidates = attributesOf(side.declared.target) ?? {}
  const naming = Object.keys(candidates).filter(name => {
    const candidate = relationAt(candidates, name)
    return candidate?.target === side.uid && candidate.inversedBy === side.name
  })
  if (side.declared.mappedBy !== undefined && naming.includes(side.declared.mappedBy)) return side.declared.mappedBy
  return naming.length === 1 ? naming[0]! : null
}

function describe (mirror: RelationAttributeSchema, owner: string): string {
  if (mirror.target !== owner) return `is a relation to ${mirror.target}`
  if (mirror.mappedBy !== undefined) return `declares mappedBy "${mirror.mappedBy}"`
  if (mirror.inversedBy !== undefined) return `declares inversedBy "${mirror.inversedBy}"`
  return 'is a one-way relation'
}

function owningSide (side: DeclaredRelation, inverse: string, attributesOf: AttributesOf): OtherSide {
  const { uid, name, declared } = side
  const expected = `"${inverse}" on ${declared.target} must be a relation to ${uid} with mappedBy: "${name}"`
  const attributes = attributesOf(declared.target)
  const both = `"${name}" on ${uid} declares inversedBy "${inverse}"`
  if (attributes?.[inverse] === undefined) {
    // A plugin's type (the users-permissions user) is not the project's to edit: Strapi's
    // Content-Type Builder writes the mirror into an extension of it, which a project's
    // schemas copied without that extension lack. The owning side still stands on its own.
    if (declared.target.startsWith('plugin::')) {
      return { kind: 'oneWay', disagreement: { warning: `${both}, but ${declared.target} has no such attribute: served one-way`, problem: expected } }
    }
    return { kind: 'refused', problem: `${expected} (Strapi 4 does not start without it either)` }
  }
  const mirror = relationAt(attributes, inverse)
  if (mirror === undefined) return { kind: 'refused', problem: `${expected} (Strapi 4 does not start when it is not a relation)` }
  if (mirror.target === uid && mirror.mappedBy !== undefined && ownerOf({ uid: declared.target, name: inverse, declared: mirror }, attributesOf) === name) {
    const disagreement = mirror.mappedBy === name
      ? null
      : { warning: `${both}, and "${inverse}" on ${declared.target} declares mappedBy "${mirror.mappedBy}", which does not name it back: served as one relation, "${inverse}" reading the links of "${name}"`, problem: expected }
    return { kind: 'mirrored', inverse, mirror, disagreement }
  }
  return { kind: 'oneWay', disagreement: { warning: `${both}, but "${inverse}" on ${declared.target} ${describe(mirror, uid)}: served one-way`, problem: expected } }
}

function mappedSide (side: DeclaredRelation, mappedBy: string, attributesOf: AttributesOf): OtherSide {
  const { uid, name, declared } = side
  const expected = `"${mappedBy}" on ${declared.target} must be a relation to ${uid} with inversedBy: "${name}"`
  const owner = ownerOf(side, attributesOf)
  if (owner === null) {
    const named = attributesOf(declared.target)?.[mappedBy]
    const why = named === undefined ? `${declared.target} has no such attribute` : `"${mappedBy}" on ${declared.target} does not name it in inversedBy`
    return { kind: 'absent', disagreement: { warning: `"${name}" on ${uid} declares mappedBy "${mappedBy}", but ${why}: not served, as Strapi 4 stores nothing for it`, problem: expected } }
  }
  const mirror = relationAt(attributesOf(declared.target), owner)!
  // The owning side names this disagreement in its own warning.
  return { kind: 'mirrored', inverse: owner, mirror, disagreement: owner === mappedBy ? null : { warning: null, problem: expected } }
}

/** How `side`, which names an inversedBy or mappedBy side, is served. */
export function otherSide (side: DeclaredRelation, attributesOf: AttributesOf): OtherSide {
  const { inversedBy, mappedBy } = side.declared
  if (inversedBy !== undefined) return owningSide(side, inversedBy, attributesOf)
  return mappedSide(side, mappedBy!, attributesOf)
}
