/**
 * Image blocks in the block editor (admin-panel/src/fields/image-blocks.ts): the node made from
 * a media library file, as Strapi's editor stores it, and inserting and removing such nodes on a
 * plain Slate editor (no browser).
 */
import t from 'tap'
import { createEditor, Transforms } from 'slate'
import type { Descendant, Editor } from 'slate'
import { blocksFromEditorValue, editorValueFromBlocks } from '../../../admin-panel/src/fields/blocks.js'
import type { BlockNode } from '../../../admin-panel/src/fields/blocks.js'
import { withBlocks } from '../../../admin-panel/src/fields/block-commands.js'
import { imageBlock, insertImages, removeImage } from '../../../admin-panel/src/fields/image-blocks.js'

/** A file as the media library's `GET /upload/files` answers it, with what a blocks value does not keep. */
const FILE = {
  id: 7,
  name: 'cover.png',
  alternativeText: null,
  caption: 'A caption',
  width: 80,
  height: 60,
  formats: { thumbnail: { url: '/uploads/thumbnail_cover_ab12.png', width: 80, height: 60 } },
  hash: 'cover_ab12',
  ext: '.png',
  mime: 'image/png',
  size: 0.42,
  url: '/uploads/cover_ab12.png',
  previewUrl: null,
  provider: 'local',
  provider_metadata: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  folderPath: '/',
  related: []
}
const EMPTY = { type: 'paragraph', children: [{ type: 'text', text: '' }] }
const text = (value: string) => ({ type: 'paragraph', children: [{ type: 'text', text: value }] })

function editorWith (blocks: unknown): Editor {
  const editor = withBlocks(createEditor())
  editor.children = editorValueFromBlocks(blocks) as unknown as Descendant[]
  return editor
}
const stored = (editor: Editor) => blocksFromEditorValue(editor.children as unknown as BlockNode[])
const image = (url = 'http://cms.test/uploads/cover_ab12.png') => imageBlock(FILE, url)

t.test("a file becomes Strapi's image block: its fields, the name as a missing alternative text, the URL as reached", async t => {
  const kept: Record<string, unknown> = { ...FILE }
  delete kept.folderPath
  delete kept.related
  t.strictSame(image(), {
    type: 'image',
    image: { ...kept, alternativeText: 'cover.png', url: 'http://cms.test/uploads/cover_ab12.png' },
    children: [{ type: 'text', text: '' }]
  })
  t.equal(imageBlock({ ...FILE, alternativeText: 'Blue' }, FILE.url).image.alternativeText, 'Blue', 'an alternative text of its own is kept')
  t.notOk('folderPath' in image().image, "what the media library answers beyond Strapi's fields is not stored")
})

t.test('without a cursor, images replace a last empty paragraph, and a paragraph follows them', async t => {
  const editor = editorWith(null)
  insertImages(editor, [image('a'), image('b')])
  t.same(stored(editor), [image('a'), image('b'), EMPTY], 'two images, then a line to type on')
  t.same(editor.selection?.anchor.path, [2, 0], 'the cursor is on that line')

  const written = editorWith([text('kept')])
  insertImages(written, [image()])
  t.same(stored(written), [text('kept'), image(), EMPTY], 'after text, nothing is replaced')
})

t.test('at the cursor: an empty paragraph is replaced, other blocks are kept and the images follow them', async t => {
  const editor = editorWith([text('one'), EMPTY, text('three')])
  Transforms.select(editor, { path: [1, 0], offset: 0 })
  insertImages(editor, [image()])
  t.same(stored(editor), [text('one'), image(), text('three')], 'the empty paragraph became the image, no extra line before text')

  Transforms.select(editor, { path: [0, 0], offset: 1 })
  insertImages(editor, [image('b')])
  t.same(stored(editor), [text('one'), image('b'), image(), text('three')], 'after the paragraph holding the cursor, which keeps its text')

  const list = editorWith([{ type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'item' }] }] }])
  Transforms.select(list, { path: [0, 0, 0], offset: 2 })
  insertImages(list, [image()])
  t.same(stored(list).map(block => block.type), ['list', 'image', 'paragraph'], 'in a list, after the whole list')
})

t.test('removing an image; the only block becomes an empty paragraph', async t => {
  const editor = editorWith([text('one'), image(), text('two')])
  removeImage(editor, [1])
  t.same(stored(editor), [text('one'), text('two')], 'the image is gone, the text around it stays')
  removeImage(editor, [0])
  t.same(stored(editor), [text('one'), text('two')], 'a path that is not an image removes nothing')

  const alone = editorWith([image()])
  removeImage(alone, [0])
  t.same(stored(alone), [EMPTY], 'a document keeps one block')
})

t.test('an image block stored by Strapi round-trips unchanged next to inserted ones', async t => {
  const editor = editorWith([image('stored')])
  insertImages(editor, [image('new')])
  t.same(stored(editor), [image('stored'), image('new'), EMPTY])
})
