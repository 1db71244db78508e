/**
 * The answer of one root field, shaped once in Node from the entries PostgreSQL wrote. The
 * read compiler writes them in the bare shape (`{ id, ...attributes }`, a relation as its
 * entry or array, a component as `{ id, ...fields }`, a zone item with `__component`), each
 * populated value under its slot in the QueryTree; a shape, compiled once per query from
 * the selection (./selection.ts), rebuilds Strapi's GraphQL shape under the query's
 * response keys (`{ data: { id, attributes } }`), so graphql-js only reads it out.
 */

/** Builds one value of the answer from the value (or object) it is made of. */
export type Shape = (source: unknown) => unknown

/** One response key of an object and how its value is made from the object's source. */
export type ShapedField = [key: string, value: Shape]

/**
 * A populated relation the caller may not `find`: access/prune.ts took it out of the read,
 * so it is absent from the entry; the field's resolver answers it as Strapi does, with a
 * FORBIDDEN error at its path (./schema.ts, `byResponseKey`).
 */
export const FORBIDDEN = Symbol('forbidden relation')

/** An object of the answer, one field per response key (`__typename` is graphql-js's own). */
export function objectShape (fields: readonly ShapedField[]): Shape {
  return source => {
    const shaped: Record<string, unknown> = {}
    for (const [key, value] of fields) shaped[key] = value(source)
    return shaped
  }
}

/** A property of the source object as it is (a scalar attribute, an id); absent is null. */
export function property (name: string): Shape {
  return source => (source as Record<string, unknown>)[name] ?? null
}

/** Each item of an array (an absent one is empty). */
export function listOf (item: Shape): Shape {
  return source => Array.isArray(source) ? source.map(item) : []
}

/** Null stays null. */
export function nullable (inner: Shape): Shape {
  return source => source === null || source === undefined ? null : inner(source)
}

/** A populated value read under its slot, or FORBIDDEN when the read left it out. */
export function populated (slot: string, inner: Shape): Shape {
  return source => {
    const entry = source as Record<string, unknown>
    return Object.hasOwn(entry, slot) ? inner(entry[slot]) : FORBIDDEN
  }
}
