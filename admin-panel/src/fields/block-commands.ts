// What the block editor's toolbar and shortcuts do to its Slate document: marks on the
// selection, the kind of the blocks under it, links. Plain Slate (no React, no DOM), so the
// unit tests run these on an editor of their own.
import { Editor, Element, Range, Transforms } from 'slate'
import type { BaseEditor, BaseRange } from 'slate'
import type { BlockElement, LinkElement, Mark } from './blocks.js'

export type BlockKind = 'paragraph' | 'heading-1' | 'heading-2' | 'heading-3' | 'heading-4' | 'heading-5' | 'heading-6' | 'ordered' | 'unordered' | 'quote' | 'code'

type Tree = BlockElement | LinkElement
const isElement = (node: unknown): node is Tree => Element.isElement(node)
const ofType = (type: string) => (node: unknown) => isElement(node) && node.type === type
const isList = ofType('list')
const isLink = (node: unknown): node is LinkElement => isElement(node) && node.type === 'link'

/** Teaches an editor Strapi's blocks: links are inline, images are voids (kept, not edited here). */
export function withBlocks<T extends BaseEditor> (editor: T): T {
  const { isInline, isVoid } = editor
  editor.isInline = element => (element as Tree).type === 'link' || isInline(element)
  editor.isVoid = element => (element as Tree).type === 'image' || isVoid(element)
  return editor
}

export function isMarkActive (editor: BaseEditor, mark: Mark): boolean {
  return (Editor.marks(editor) as Partial<Record<Mark, boolean>> | null)?.[mark] === true
}

/** Sets or clears a mark on the selection (on a collapsed one: for what is typed next). */
export function toggleMark (editor: BaseEditor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark)
  else Editor.addMark(editor, mark, true)
}

/** The lowest block holding the selection's start (a list's item, not the list). */
function currentBlock (editor: BaseEditor): BlockElement | undefined {
  if (editor.selection === null) return undefined
  const [entry] = Editor.nodes(editor, { at: Range.start(editor.selection), match: node => isElement(node) && Editor.isBlock(editor, node as Element) && !isList(node), mode: 'lowest' })
  return entry?.[0] as BlockElement | undefined
}

export function currentBlockKind (editor: BaseEditor): BlockKind {
  const block = currentBlock(editor)
  if (block === undefined) return 'paragraph'
  if (block.type === 'heading') return `heading-${block.level ?? 1}` as BlockKind
  if (block.type === 'list-item') {
    const [list] = Editor.nodes(editor, { at: Range.start(editor.selection as BaseRange), match: isList, mode: 'lowest' })
    return (list?.[0] as BlockElement | undefined)?.format === 'ordered' ? 'ordered' : 'unordered'
  }
  if (block.type === 'quote' || block.type === 'code') return block.type
  return 'paragraph'
}

/** Makes the selected blocks `kind`: out of their list first, then retyped, into a list if asked. */
export function setBlockKind (editor: BaseEditor, kind: BlockKind): void {
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: isList, split: true })
    const blocks = { match: (node: unknown) => isElement(node) && Editor.isBlock(editor, node as Element) && !isList(node), mode: 'lowest' as const }
    Transforms.unsetNodes(editor, ['level', 'format'], blocks)
    if (kind === 'ordered' || kind === 'unordered') {
      Transforms.setNodes(editor, { type: 'list-item' } as Partial<Element>, blocks)
      Transforms.wrapNodes(editor, { type: 'list', format: kind, children: [] } as unknown as Element, { match: ofType('list-item') })
    } else if (kind.startsWith('heading-')) {
      Transforms.setNodes(editor, { type: 'heading', level: Number(kind.slice('heading-'.length)) } as Partial<Element>, blocks)
    } else {
      Transforms.setNodes(editor, { type: kind } as Partial<Element>, blocks)
    }
  })
}

/** The link holding the selection, if any. */
export function currentLink (editor: BaseEditor): LinkElement | undefined {
  if (editor.selection === null) return undefined
  const [entry] = Editor.nodes(editor, { match: isLink })
  return entry?.[0] as LinkElement | undefined
}

/**
 * Points the selection at `url`: the link it is in gets the new address; otherwise the selected
 * text becomes a link (a collapsed selection inserts the address as its own text).
 */
export function setLink (editor: BaseEditor, url: string): void {
  if (editor.selection === null) return
  if (currentLink(editor) !== undefined) {
    Transforms.setNodes<Element>(editor, { url } as Partial<Element>, { match: node => isLink(node) })
    return
  }
  const link = { type: 'link', url, children: [] as LinkElement['children'] }
  if (Range.isCollapsed(editor.selection)) {
    Transforms.insertNodes(editor, { ...link, children: [{ type: 'text', text: url }] } as unknown as Element)
  } else {
    Transforms.wrapNodes(editor, link as unknown as Element, { split: true })
  }
}

export function removeLink (editor: BaseEditor): void {
  Transforms.unwrapNodes(editor, { match: isLink })
}
