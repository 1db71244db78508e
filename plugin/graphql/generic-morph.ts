/**
 * `GenericMorph`, the union Strapi's GraphQL plugin types a polymorphic relation with: the
 * media library's `UploadFile.related` (the entries and components a file is linked from).
 * Its members are every entry and component type the schema serves, in Strapi's order:
 * components, the media library's types, the plugins' (users, roles, locales), then the
 * content types.
 *
 * `related` answers null (docs/graphql.md, 'Differences from Strapi'): a file's links live in
 * one link table per media attribute, so answering it in the root field's one statement
 * would read every media attribute of every model, and its members would each need the
 * caller's `find` checked, none of which the read compiler does today.
 */
import { GraphQLList, GraphQLUnionType } from 'graphql'
import type { GraphQLFieldConfig, GraphQLObjectType, GraphQLTypeResolver } from 'graphql'

export const GENERIC_MORPH = 'GenericMorph'

/** The polymorphic field of a file, after its own attributes and before its timestamps. */
export const RELATED_FIELD = 'related'

export function genericMorph (members: () => readonly GraphQLObjectType[], resolveType: GraphQLTypeResolver<unknown, unknown>): GraphQLUnionType {
  return new GraphQLUnionType({ name: GENERIC_MORPH, types: () => [...members()], resolveType })
}

/** `related: [GenericMorph]`; the answer's shape gives it null (./selection.ts). */
export function relatedField (union: GraphQLUnionType): Omit<GraphQLFieldConfig<unknown, unknown>, 'resolve'> {
  return { type: new GraphQLList(union) }
}
