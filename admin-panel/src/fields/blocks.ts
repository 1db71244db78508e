// Strapi's blocks JSON <-> the editor's rows of plain text. Links are written [text](url).
export type BlockKind = 'paragraph' | 'heading-1' | 'heading-2' | 'heading-3' | 'heading-4' | 'heading-5' | 'heading-6' | 'ordered' | 'unordered' | 'quote'
export interface BlockRow { kind: BlockKind, text: string }

type Inline = { type: 'text', text: string, [mark: string]: unknown } | { type: 'link', url: string, children: Inline[] }
interface Block { type: string, level?: number, format?: string, children?: Array<Block | Inline> }

const LINK = /\[([^\]]*)\]\(([^)\s]+)\)/g

function inlineText (nodes: Array<Block | Inline> | undefined): string {
  return (nodes ?? []).map(node => {
    if (node.type === 'text') return (node as { text: string }).text
    if (node.type === 'link') return `[${inlineText((node as { children: Inline[] }).children)}](${(node as { url: string }).url})`
    return inlineText((node as Block).children)
  }).join('')
}

function inlineNodes (text: string): Inline[] {
  const nodes: Inline[] = []
  let last = 0
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) nodes.push({ type: 'text', text: text.slice(last, match.index) })
    nodes.push({ type: 'link', url: match[2] ?? '', children: [{ type: 'text', text: match[1] ?? '' }] })
    last = match.index + match[0].length
  }
  if (last < text.length || nodes.length === 0) nodes.push({ type: 'text', text: text.slice(last) })
  return nodes
}

export function rowsFromBlocks (value: unknown): BlockRow[] {
  if (!Array.isArray(value)) return []
  return (value as Block[]).map(block => {
    if (block.type === 'heading') return { kind: `heading-${block.level ?? 1}` as BlockKind, text: inlineText(block.children) }
    if (block.type === 'list') return { kind: block.format === 'ordered' ? 'ordered' : 'unordered', text: (block.children ?? []).map(item => inlineText((item as Block).children)).join('\n') }
    if (block.type === 'quote') return { kind: 'quote', text: inlineText(block.children) }
    return { kind: 'paragraph', text: inlineText(block.children) }
  })
}

export function blocksFromRows (rows: BlockRow[]): Block[] {
  return rows.map(row => {
    if (row.kind.startsWith('heading-')) return { type: 'heading', level: Number(row.kind.slice(8)), children: inlineNodes(row.text) }
    if (row.kind === 'ordered' || row.kind === 'unordered') {
      return { type: 'list', format: row.kind, children: row.text.split('\n').map(line => ({ type: 'list-item', children: inlineNodes(line) })) }
    }
    return { type: row.kind, children: inlineNodes(row.text) }
  })
}
