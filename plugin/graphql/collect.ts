/**
 * Which fields a selection asks of one object type, grouped by response key: the fields
 * written in it, those of its inline fragments and fragment spreads whose type condition
 * the type meets, less those `@skip`ped or not `@include`d. The same grouping graphql-js
 * makes when it executes the answer (its `collectFields` is not public), so the QueryTree
 * asks for exactly what the answer will read.
 */
import { GraphQLIncludeDirective, GraphQLSkipDirective, Kind, getDirectiveValues, isAbstractType } from 'graphql'
import type {
  DocumentNode, FieldNode, FragmentDefinitionNode, GraphQLObjectType, GraphQLSchema, InlineFragmentNode, SelectionSetNode
} from 'graphql'

export interface Document {
  schema: GraphQLSchema
  fragments: Fragments
  variables: Readonly<Record<string, unknown>>
}

type Fragments = Readonly<Record<string, FragmentDefinitionNode>>

/** Per parsed document: mercurius keeps one per query text, and each request of the text asks again. */
const fragmentsByDocument = new WeakMap<DocumentNode, Fragments>()

/** A document's fragment definitions by name, found once per parsed document. */
export function fragmentsOf (document: DocumentNode): Fragments {
  let fragments = fragmentsByDocument.get(document)
  if (fragments === undefined) {
    fragments = Object.fromEntries(document.definitions.flatMap(definition => definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition]] : []))
    fragmentsByDocument.set(document, fragments)
  }
  return fragments
}

/** The fields each response key of `type` gathers from the selection sets of `fields`, in the order first met. */
export function collectFields (document: Document, type: GraphQLObjectType, fields: readonly FieldNode[]): Map<string, FieldNode[]> {
  return collectSelections(document, type, fields.flatMap(field => field.selectionSet === undefined ? [] : [field.selectionSet]))
}

/** The same for selection sets: an operation's own, at the root. */
export function collectSelections (document: Document, type: GraphQLObjectType, selectionSets: readonly SelectionSetNode[]): Map<string, FieldNode[]> {
  const collected = new Map<string, FieldNode[]>()
  for (const selectionSet of selectionSets) collectInto(document, type, selectionSet, collected, new Set())
  return collected
}

function collectInto (
  document: Document, type: GraphQLObjectType, selectionSet: SelectionSetNode, collected: Map<string, FieldNode[]>, spread: Set<string>
): void {
  for (const selection of selectionSet.selections) {
    if (!included(document, selection)) continue
    switch (selection.kind) {
      case Kind.FIELD: {
        const key = selection.alias?.value ?? selection.name.value
        const known = collected.get(key)
        if (known === undefined) collected.set(key, [selection])
        else known.push(selection)
        break
      }
      case Kind.INLINE_FRAGMENT:
        if (applies(document, selection.typeCondition?.name.value, type)) collectInto(document, type, selection.selectionSet, collected, spread)
        break
      case Kind.FRAGMENT_SPREAD: {
        const name = selection.name.value
        const fragment = document.fragments[name]
        // Validation has refused unknown and cyclic fragments; a fragment spread twice adds nothing new.
        if (fragment === undefined || spread.has(name) || !applies(document, fragment.typeCondition.name.value, type)) break
        spread.add(name)
        collectInto(document, type, fragment.selectionSet, collected, spread)
        break
      }
    }
  }
}

function included (document: Document, node: FieldNode | InlineFragmentNode | { directives?: FieldNode['directives'] }): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, document.variables)
  if (skip?.if === true) return false
  const include = getDirectiveValues(GraphQLIncludeDirective, node, document.variables)
  return include?.if !== false
}

/** A type condition the object type meets: none, its own name, or a union it belongs to. */
function applies (document: Document, condition: string | undefined, type: GraphQLObjectType): boolean {
  if (condition === undefined || condition === type.name) return true
  const conditionType = document.schema.getType(condition)
  return conditionType !== undefined && conditionType !== null && isAbstractType(conditionType) && document.schema.isSubType(conditionType, type)
}
