// Strapi's rich-text blocks JSON <-> the block editor's document. Strapi's own editor is Slate,
// so its JSON is already a Slate document (elements with `children`, text leaves with marks as
// `true` properties); what differs is only that Strapi writes `type: 'text'` on every leaf and
// Slate's edits make leaves without it. A stored value is handed to the editor as it is (an
// unedited field is saved unchanged); only shapes Slate cannot hold are repaired.

/** The inline marks Strapi's blocks know, in the order the toolbar shows them. */
export const MARKS = ['bold', 'italic', 'underline', 'strikethrough', 'code'] as const
export type Mark = typeof MARKS[number]

export type TextLeaf = { type?: 'text', text: string } & Partial<Record<Mark, boolean>>
export interface LinkElement { type: 'link', url: string, children: TextLeaf[] }
/** A block (paragraph, heading, list, list-item, quote, code, image, or one this editor does not know). */
export interface BlockElement {
  type: string
  level?: number
  format?: 'ordered' | 'unordered'
  children: Array<BlockElement | LinkElement | TextLeaf>
  [property: string]: unknown
}
export type BlockNode = BlockElement | LinkElement | TextLeaf

const emptyLeaf = (): TextLeaf => ({ type: 'text', text: '' })
export const emptyParagraph = (): BlockElement => ({ type: 'paragraph', children: [emptyLeaf()] })

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)
const isLeaf = (node: Record<string, unknown>) => typeof node.text === 'string' && !Array.isArray(node.children)

/** A node Slate can hold: the same object when it already is one, else a repaired copy. */
function editorNode (node: unknown): BlockNode {
  if (!isObject(node)) return emptyLeaf()
  if (isLeaf(node)) return node as TextLeaf
  const children = Array.isArray(node.children) ? node.children : []
  const repaired = children.map(editorNode)
  // Slate needs one child at least in every element (an image's is an empty leaf).
  if (repaired.length === 0) repaired.push(emptyLeaf())
  const same = repaired.length === children.length && repaired.every((child, index) => child === children[index])
  return same ? node as unknown as BlockElement : { ...node, type: String(node.type ?? 'paragraph'), children: repaired } as BlockElement
}

/** The editor's starting document for a stored value (null, missing or empty: one empty paragraph). */
export function editorValueFromBlocks (value: unknown): BlockElement[] {
  if (!Array.isArray(value) || value.length === 0) return [emptyParagraph()]
  return value.map(block => {
    const node = editorNode(block)
    // A bare leaf at the top (never written by Strapi) becomes a paragraph around it.
    return 'text' in node && !('children' in node) ? { type: 'paragraph', children: [node] } : node as BlockElement
  })
}

function storedNode (node: BlockNode): BlockNode {
  if (!('children' in node)) {
    const leaf: TextLeaf = { type: 'text', text: node.text }
    for (const mark of MARKS) if (node[mark] === true) leaf[mark] = true
    return leaf
  }
  return { ...node, children: node.children.map(storedNode) } as BlockElement
}

/** Strapi's blocks for the editor's document: every leaf `{ type: 'text', text, ...marks set to true }`. */
export function blocksFromEditorValue (nodes: BlockNode[]): BlockElement[] {
  return nodes.map(node => storedNode(node) as BlockElement)
}

/** The marks set on a leaf, in toolbar order. */
export function marksOf (leaf: TextLeaf): Mark[] {
  return MARKS.filter(mark => leaf[mark] === true)
}
