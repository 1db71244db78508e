/**
 * The answer of one root field, shaped once in Node from the entries PostgreSQL wrote. The
 * read compiler writes them in the bare shape (`{ id, ...attributes }`, a relation as its
 * entry or array, a component as `{ id, ...fields }`, a zone item with `__component`), each
 * populated value under its slot in the QueryTree; a shape, compiled once per query from
 * the selection (./selection.ts), rebuilds Strapi's GraphQL shape under the query's
 * response keys (`{ data: { id, attributes } }`), `__typename`s and leaf values serialized
 * included, so the answer is whole: graphql-js only reads it out, and a query whose shape
 * came out whole is answered without it (./direct-answers.ts).
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

/**
 * Whether the value being shaped still needs graphql-js: a FORBIDDEN relation, a null where
 * the schema promises a value, an item of an unknown zone member. Shaping is synchronous, so
 * one flag serves every shape; only shapeWhole reads it.
 */
let needsExecution = false

function markNeedsExecution (): void {
  needsExecution = true
}

/** Runs `shape` on `source`; `whole` is false when the answer needs graphql-js's own rules (errors at paths, null bubbling). */
export function shapeWhole (shape: Shape, source: unknown): { value: unknown, whole: boolean } {
  needsExecution = false
  const value = shape(source)
  const whole = !needsExecution
  needsExecution = false
  return { value, whole }
}

/** A field the schema marks non-null: a null there is graphql-js's error to answer. */
export function required (inner: Shape): Shape {
  return source => {
    const value = inner(source)
    if (value === null || value === undefined) markNeedsExecution()
    return value
  }
}

/** A leaf as its GraphQL type serializes it (an ID as a string, an enum value by its name), null kept. */
export function serialized (inner: Shape, serialize: (value: unknown) => unknown): Shape {
  return source => {
    const value = inner(source)
    return value === null || value === undefined ? null : serialize(value)
  }
}

/** `__typename` of an object whose type is known when the shape is compiled. */
export function fixedTypeName (name: string): Shape {
  return () => name
}

/** Marks the answer as one for graphql-js (an item of a zone member this schema does not know). */
export function executionOnly (value: unknown): unknown {
  markNeedsExecution()
  return value
}

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
    if (Object.hasOwn(entry, slot)) return inner(entry[slot])
    markNeedsExecution()
    return FORBIDDEN
  }
}
