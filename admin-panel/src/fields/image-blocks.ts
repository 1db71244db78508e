// Image blocks of Strapi's rich text: the node Strapi's editor writes for a file picked from the
// media library, and putting such nodes into the document or taking one out. Plain Slate (no
// React, no DOM), so the unit tests run it on an editor of their own.
import { Editor, Element, Path, Transforms } from 'slate'
import type { BaseEditor } from 'slate'
import { emptyParagraph } from './blocks.js'
import type { BlockElement } from './blocks.js'

/**
 * The properties of a stored file that Strapi's editor copies into an image block, and only
 * those: the media library answers more (folder, related), which a blocks value does not keep.
 */
export const IMAGE_FIELDS = [
  'id', 'name', 'alternativeText', 'url', 'caption', 'width', 'height', 'formats', 'hash', 'ext',
  'mime', 'size', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt'
] as const

export type ImageFile = Partial<Record<typeof IMAGE_FIELDS[number], unknown>> & { name: string, url: string }
export interface ImageElement extends BlockElement { type: 'image', image: Record<string, unknown> }

/**
 * The block for `file`, as Strapi's editor makes it: a missing alternative text becomes the
 * file's name, and the URL is the one the browser reached the file at (`url`), so a reader of
 * the blocks needs no base of its own for files kept on this server.
 */
export function imageBlock (file: ImageFile, url: string): ImageElement {
  const image: Record<string, unknown> = {}
  for (const field of IMAGE_FIELDS) if (file[field] !== undefined) image[field] = file[field]
  const alternativeText = typeof file.alternativeText === 'string' && file.alternativeText !== '' ? file.alternativeText : file.name
  return { type: 'image', image: { ...image, alternativeText, url }, children: [{ type: 'text', text: '' }] }
}

const isImage = (node: unknown): boolean => Element.isElement(node) && (node as BlockElement).type === 'image'
const isEmptyParagraph = (editor: BaseEditor, node: unknown): boolean =>
  Element.isElement(node) && (node as BlockElement).type === 'paragraph' && Editor.isEmpty(editor, node)

/**
 * Puts image blocks where the cursor is: an empty paragraph under it is replaced, another block
 * (a whole list, as an image is a top-level block) is kept and the images follow it; with no
 * cursor they go last. The document never ends with an image, so there is a line to type on after it.
 */
export function insertImages (editor: BaseEditor, images: ImageElement[]): void {
  if (images.length === 0) return
  Editor.withoutNormalizing(editor, () => {
    let at: Path
    if (editor.selection === null) {
      const last = editor.children.length - 1
      const lastNode = editor.children[last]
      if (last >= 0 && isEmptyParagraph(editor, lastNode)) {
        Transforms.removeNodes(editor, { at: [last] })
        at = [last]
      } else {
        at = [editor.children.length]
      }
    } else {
      const top = editor.selection.anchor.path.slice(0, 1)
      const [block] = Editor.node(editor, top)
      if (isEmptyParagraph(editor, block)) {
        Transforms.removeNodes(editor, { at: top })
        at = top
      } else {
        at = Path.next(top)
      }
    }
    Transforms.insertNodes(editor, images as unknown as Element[], { at, select: false })
    const after = [at[0]! + images.length]
    if (after[0] === editor.children.length) Transforms.insertNodes(editor, emptyParagraph() as unknown as Element, { at: after })
    Transforms.select(editor, Editor.start(editor, after))
  })
}

/** Takes the image block at `at` out; the document's only block becomes an empty paragraph instead, as a document needs one. */
export function removeImage (editor: BaseEditor, at: Path): void {
  if (!isImage(Editor.node(editor, at)[0])) return
  Editor.withoutNormalizing(editor, () => {
    if (editor.children.length === 1) Transforms.insertNodes(editor, emptyParagraph() as unknown as Element, { at: [1] })
    Transforms.removeNodes(editor, { at })
  })
}
