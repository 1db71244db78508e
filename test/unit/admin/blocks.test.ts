/**
 * The block editor's document (admin-panel/src/fields/blocks.ts, block-commands.ts): Strapi's
 * blocks handed to Slate and back, and what the toolbar's marks, block kinds and links do, run
 * on a plain Slate editor (no browser).
 */
import t from 'tap'
import { createEditor, Transforms } from 'slate'
import type { Descendant, Editor } from 'slate'
import { blocksFromEditorValue, editorValueFromBlocks, marksOf } from '../../../admin-panel/src/fields/blocks.js'
import type { BlockNode } from '../../../admin-panel/src/fields/blocks.js'
import { currentBlockKind, currentLink, isMarkActive, removeLink, setBlockKind, setLink, toggleMark, withBlocks } from '../../../admin-panel/src/fields/block-commands.js'

/** A document with every kind of block and mark Strapi writes, as Strapi writes it. */
const STORED = [
  { type: 'heading', level: 2, children: [{ type: 'text', text: 'Title' }] },
  {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'Plain, ' },
      { type: 'text', text: 'bold', bold: true },
      { type: 'text', text: ' and ' },
      { type: 'text', text: 'all', bold: true, italic: true, underline: true, strikethrough: true, code: true },
      { type: 'text', text: ' ' },
      { type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 'a ' }, { type: 'text', text: 'link', italic: true }] },
      { type: 'text', text: '' }
    ]
  },
  { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'one' }] }, { type: 'list-item', children: [{ type: 'text', text: 'two', bold: true }] }] },
  { type: 'quote', children: [{ type: 'text', text: 'Said.' }] },
  { type: 'code', children: [{ type: 'text', text: 'let x = 1' }] },
  { type: 'image', image: { url: '/uploads/a.png', alternativeText: 'A', width: 10, height: 10 }, children: [{ type: 'text', text: '' }] }
]

function editorWith (blocks: unknown): Editor {
  const editor = withBlocks(createEditor())
  editor.children = editorValueFromBlocks(blocks) as unknown as Descendant[]
  return editor
}
const stored = (editor: Editor) => blocksFromEditorValue(editor.children as unknown as BlockNode[])

t.test('stored blocks reach the editor as they are, and come back unchanged', async t => {
  const value = editorValueFromBlocks(STORED)
  t.equal(value[1], STORED[1], 'a valid block is handed over as the same object (nothing copied, nothing lost)')
  t.same(blocksFromEditorValue(value), STORED, 'every block, mark and link round-trips')
  t.strictSame(marksOf(STORED[1]!.children[3] as never), ['bold', 'italic', 'underline', 'strikethrough', 'code'], 'the marks of a leaf, in toolbar order')
})

t.test('shapes Slate cannot hold are repaired; nothing stored becomes one empty paragraph', async t => {
  const empty = [{ type: 'paragraph', children: [{ type: 'text', text: '' }] }]
  t.same(editorValueFromBlocks(null), empty, 'null')
  t.same(editorValueFromBlocks(''), empty, 'the form\'s empty string')
  t.same(editorValueFromBlocks([]), empty, 'an empty array')
  t.same(editorValueFromBlocks([{ type: 'paragraph', children: [] }]), empty, 'a block without children gets an empty leaf')
  t.same(editorValueFromBlocks([{ type: 'text', text: 'loose' }]), [{ type: 'paragraph', children: [{ type: 'text', text: 'loose' }] }], 'a leaf at the top is put in a paragraph')
})

t.test('leaves written by the editor get Strapi\'s type, and only marks set to true', async t => {
  const edited = [{ type: 'paragraph', children: [{ text: 'new ' }, { text: 'words', bold: true, italic: false }] }]
  t.same(blocksFromEditorValue(edited as BlockNode[]), [{ type: 'paragraph', children: [{ type: 'text', text: 'new ' }, { type: 'text', text: 'words', bold: true }] }])
})

t.test('a mark on a selection splits the text around it; toggled again, it is gone', async t => {
  const editor = editorWith([{ type: 'paragraph', children: [{ type: 'text', text: 'one two three' }] }])
  Transforms.select(editor, { anchor: { path: [0, 0], offset: 4 }, focus: { path: [0, 0], offset: 7 } })
  toggleMark(editor, 'bold')
  t.same(stored(editor), [{ type: 'paragraph', children: [{ type: 'text', text: 'one ' }, { type: 'text', text: 'two', bold: true }, { type: 'text', text: ' three' }] }], 'the word is bold')
  t.equal(isMarkActive(editor, 'bold'), true, 'and the toolbar shows bold on')
  toggleMark(editor, 'italic')
  t.same(stored(editor)[0]!.children[1], { type: 'text', text: 'two', bold: true, italic: true }, 'a second mark joins the first')
  toggleMark(editor, 'bold')
  toggleMark(editor, 'italic')
  editor.normalize({ force: true })
  t.same(stored(editor), [{ type: 'paragraph', children: [{ type: 'text', text: 'one two three' }] }], 'both toggled off: one plain leaf again')
})

t.test('block kinds: heading, list and back, keeping the text and its marks', async t => {
  const editor = editorWith([{ type: 'paragraph', children: [{ type: 'text', text: 'first', italic: true }] }, { type: 'paragraph', children: [{ type: 'text', text: 'second' }] }])
  Transforms.select(editor, { path: [0, 0], offset: 0 })
  setBlockKind(editor, 'heading-3')
  t.same(stored(editor)[0], { type: 'heading', level: 3, children: [{ type: 'text', text: 'first', italic: true }] }, 'a heading with its level')
  t.equal(currentBlockKind(editor), 'heading-3')
  Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [1, 0], offset: 1 } })
  setBlockKind(editor, 'unordered')
  t.same(stored(editor), [{
    type: 'list',
    format: 'unordered',
    children: [
      { type: 'list-item', children: [{ type: 'text', text: 'first', italic: true }] },
      { type: 'list-item', children: [{ type: 'text', text: 'second' }] }
    ]
  }], 'both blocks are items of one list (the heading lost its level)')
  t.equal(currentBlockKind(editor), 'unordered')
  Transforms.select(editor, { path: [0, 1, 0], offset: 0 })
  setBlockKind(editor, 'quote')
  t.same(stored(editor), [
    { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'first', italic: true }] }] },
    { type: 'quote', children: [{ type: 'text', text: 'second' }] }
  ], 'the second item leaves the list as a quote')
})

t.test('links: the selected text becomes one, its address changes, it is removed', async t => {
  const editor = editorWith([{ type: 'paragraph', children: [{ type: 'text', text: 'see the site now' }] }])
  Transforms.select(editor, { anchor: { path: [0, 0], offset: 4 }, focus: { path: [0, 0], offset: 12 } })
  setLink(editor, 'https://example.com')
  t.same(stored(editor), [{
    type: 'paragraph',
    children: [
      { type: 'text', text: 'see ' },
      { type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 'the site' }] },
      { type: 'text', text: ' now' }
    ]
  }], 'Strapi\'s link node around the selection')
  Transforms.select(editor, { path: [0, 1, 0], offset: 2 })
  t.equal(currentLink(editor)?.url, 'https://example.com', 'the cursor in the link finds it')
  setLink(editor, 'https://example.org')
  t.equal((stored(editor)[0]!.children[1] as { url: string }).url, 'https://example.org', 'a new address for the same link')
  removeLink(editor)
  editor.normalize({ force: true })
  t.same(stored(editor), [{ type: 'paragraph', children: [{ type: 'text', text: 'see the site now' }] }], 'removed: plain text again')
})
