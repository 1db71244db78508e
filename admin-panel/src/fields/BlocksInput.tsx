// The editor of Strapi's rich-text blocks, on Slate (as Strapi's own): paragraphs, headings,
// lists, quotes and code blocks; bold, italic, underline, strikethrough and code marks from the
// toolbar or Ctrl/Cmd+B, I, U; links; images picked from the media library (or uploaded there),
// shown and removable.
// The form value changes only when the text does, so an untouched field is saved as it came.
import { useMemo, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { Box, Button, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material'
import { useInput } from 'react-admin'
import { Range, Transforms, createEditor } from 'slate'
import type { Descendant } from 'slate'
import { Editable, ReactEditor, Slate, useSlate, useSlateStatic, withReact } from 'slate-react'
import type { RenderElementProps, RenderLeafProps } from 'slate-react'
import { withHistory } from 'slate-history'
import { MARKS, blocksFromEditorValue, editorValueFromBlocks } from './blocks'
import type { BlockElement, BlockNode, LinkElement, Mark, TextLeaf } from './blocks'
import { currentBlockKind, currentLink, isMarkActive, removeLink, setBlockKind, setLink, toggleMark, withBlocks } from './block-commands'
import type { BlockKind } from './block-commands'
import { imageBlock, insertImages, removeImage } from './image-blocks'
import { Picker } from './MediaInput'
import { fileUrl } from '../media/file-url'
import type { MediaFile } from '../media/file-url'

const KINDS: Array<{ kind: BlockKind, name: string }> = [
  { kind: 'paragraph', name: 'Paragraph' }, { kind: 'heading-1', name: 'Heading 1' }, { kind: 'heading-2', name: 'Heading 2' },
  { kind: 'heading-3', name: 'Heading 3' }, { kind: 'heading-4', name: 'Heading 4' }, { kind: 'heading-5', name: 'Heading 5' },
  { kind: 'heading-6', name: 'Heading 6' }, { kind: 'unordered', name: 'Bulleted list' }, { kind: 'ordered', name: 'Numbered list' },
  { kind: 'quote', name: 'Quote' }, { kind: 'code', name: 'Code block' }
]
const MARK_NAMES: Record<Mark, string> = { bold: 'Bold', italic: 'Italic', underline: 'Underline', strikethrough: 'Strikethrough', code: 'Code' }
const SHORTCUTS: Record<string, Mark> = { b: 'bold', i: 'italic', u: 'underline' }

function renderElement ({ attributes, children, element }: RenderElementProps): JSX.Element {
  const node = element as unknown as BlockElement | LinkElement
  switch (node.type) {
    case 'heading': {
      const Heading = `h${Math.min(Math.max(Number((node as BlockElement).level ?? 1), 1), 6)}` as 'h1'
      return <Heading {...attributes}>{children}</Heading>
    }
    case 'list': return (node as BlockElement).format === 'ordered' ? <ol {...attributes}>{children}</ol> : <ul {...attributes}>{children}</ul>
    case 'list-item': return <li {...attributes}>{children}</li>
    case 'quote': return <blockquote {...attributes}>{children}</blockquote>
    case 'code': return <pre {...attributes}><code>{children}</code></pre>
    case 'link': return <a {...attributes} href={(node as LinkElement).url} onClick={event => { event.preventDefault() }}>{children}</a>
    case 'image': return <ImageBlock attributes={attributes} element={element}>{children}</ImageBlock>
    default: return <p {...attributes}>{children}</p>
  }
}

/** An image block: its preview and a button that takes it out of the document. */
function ImageBlock ({ attributes, children, element }: RenderElementProps) {
  const editor = useSlateStatic() as ReactEditor
  const image = (element as unknown as BlockElement).image as { url?: string, alternativeText?: string | null, name?: string } | undefined
  const name = image?.alternativeText ?? image?.name ?? ''
  return (
    <div {...attributes}>
      <Stack contentEditable={false} direction="row" spacing={1} sx={{ alignItems: 'flex-start', my: 1 }}>
        <img src={image?.url} alt={name} style={{ maxWidth: '100%', maxHeight: 200 }} />
        <Button size="small" onClick={() => { removeImage(editor, ReactEditor.findPath(editor, element)) }}>{`Remove image ${name}`.trim()}</Button>
      </Stack>
      {children}
    </div>
  )
}

function renderLeaf ({ attributes, children, leaf }: RenderLeafProps): JSX.Element {
  const marks = leaf as unknown as TextLeaf
  let shown = children
  if (marks.code === true) shown = <code>{shown}</code>
  if (marks.bold === true) shown = <strong>{shown}</strong>
  if (marks.italic === true) shown = <em>{shown}</em>
  if (marks.underline === true) shown = <u>{shown}</u>
  if (marks.strikethrough === true) shown = <s>{shown}</s>
  return <span {...attributes}>{shown}</span>
}

/**
 * Takes the browser's selection into the editor now: Slate reads it at most every 100 ms, so a
 * word selected with the mouse and made bold at once would otherwise get the mark where the
 * cursor was before.
 */
function takeSelection (editor: ReactEditor): void {
  const selection = ReactEditor.isFocused(editor) ? globalThis.getSelection() : null
  if (selection === null || selection.rangeCount === 0) return
  const range = ReactEditor.toSlateRange(editor, selection, { exactMatch: false, suppressThrow: true })
  if (range !== null && (editor.selection === null || !Range.equals(range, editor.selection))) Transforms.select(editor, range)
}

/** The toolbar: the block kind under the cursor, the marks, a link's address. */
function Toolbar ({ label }: { label: string }) {
  const editor = useSlate() as ReactEditor
  const link = currentLink(editor)
  // An address being typed belongs to the link it was typed for (none: a new link); the cursor
  // moving into another link shows that one's.
  const [typed, setTyped] = useState<{ link: LinkElement | undefined, url: string } | undefined>(undefined)
  const [picking, setPicking] = useState(false)
  const shownUrl = typed !== undefined && typed.link === link ? typed.url : link?.url ?? ''
  const setUrl = (url: string | undefined) => { setTyped(url === undefined ? undefined : { link, url }) }
  // A button's mousedown would take the selection away from the text before its click.
  const keepSelection = (event: { preventDefault: () => void }) => { event.preventDefault() }
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
      <TextField select size="small" label={`${label} block kind`} value={currentBlockKind(editor)} onChange={event => { setBlockKind(editor, event.target.value as BlockKind) }} sx={{ minWidth: 150 }}>
        {KINDS.map(kind => <MenuItem key={kind.kind} value={kind.kind}>{kind.name}</MenuItem>)}
      </TextField>
      <ToggleButtonGroup size="small" aria-label={`${label} marks`}>
        {MARKS.map(mark => (
          <ToggleButton key={mark} value={mark} selected={isMarkActive(editor, mark)} aria-label={MARK_NAMES[mark]} onMouseDown={keepSelection} onClick={() => { takeSelection(editor); toggleMark(editor, mark) }}>
            <MarkSample mark={mark} />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField size="small" label={`${label} link address`} value={shownUrl} onChange={event => { setUrl(event.target.value) }} placeholder="https://…" />
      <Button size="small" disabled={shownUrl.trim() === '' || editor.selection === null} onMouseDown={keepSelection} onClick={() => { setLink(editor, shownUrl.trim()); setUrl(undefined) }}>
        {link === undefined ? 'Add link' : 'Change link'}
      </Button>
      {link !== undefined && <Button size="small" onMouseDown={keepSelection} onClick={() => { removeLink(editor); setUrl(undefined) }}>Remove link</Button>}
      <Button size="small" onMouseDown={keepSelection} onClick={() => { setPicking(true) }}>Insert image</Button>
      {picking && <Picker open multiple label={`${label} images`} initial={[]} onClose={() => { setPicking(false) }} onDone={files => { insertPicked(editor, files); setPicking(false) }} />}
    </Stack>
  )
}

/** The picked images (other files are not images a rich text can show) at the cursor, addressed as the browser reached them. */
function insertPicked (editor: ReactEditor, files: MediaFile[]): void {
  const images = files.filter(file => file.mime?.startsWith('image/') === true)
  insertImages(editor, images.map(file => imageBlock(file, new URL(fileUrl(file), document.baseURI).href)))
}

function MarkSample ({ mark }: { mark: Mark }) {
  const text = { bold: <strong>B</strong>, italic: <em>I</em>, underline: <u>U</u>, strikethrough: <s>S</s>, code: <code>{'<>'}</code> }
  return <Box component="span" sx={{ minWidth: 16 }}>{text[mark]}</Box>
}

export function BlocksInput ({ source, label }: { source: string, label: string }) {
  const { field, id } = useInput({ source })
  // A value this editor did not write (the form reset after a save, a locale filled in) starts
  // it anew; compared as JSON, as the form may hand back a copy of what was written.
  const [written, setWritten] = useState<string | undefined>(undefined)
  const [start, setStart] = useState({ value: field.value as unknown, generation: 0 })
  const shown = JSON.stringify(field.value ?? null)
  if (field.value !== start.value && shown !== written && shown !== JSON.stringify(start.value ?? null)) {
    setStart({ value: field.value, generation: start.generation + 1 })
  }
  const write = (value: BlockElement[]) => {
    setWritten(JSON.stringify(value))
    field.onChange(value)
  }
  return <BlocksEditor key={start.generation} id={id} label={label} value={start.value} onChange={write} />
}

function BlocksEditor ({ id, label, value, onChange }: { id: string, label: string, value: unknown, onChange: (value: BlockElement[]) => void }) {
  const editor = useMemo(() => withBlocks(withHistory(withReact(createEditor()))), [])
  const initial = useMemo(() => editorValueFromBlocks(value) as unknown as Descendant[], [value])
  const onKeyDown = (event: KeyboardEvent) => {
    const mark = SHORTCUTS[event.key.toLowerCase()]
    if (mark === undefined || !(event.ctrlKey || event.metaKey) || event.altKey) return
    event.preventDefault()
    takeSelection(editor)
    toggleMark(editor, mark)
  }
  return (
    <Box component="fieldset" id={id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, minWidth: 0 }}>
      <legend>{label}</legend>
      <Slate editor={editor} initialValue={initial} onValueChange={next => { onChange(blocksFromEditorValue(next as unknown as BlockNode[])) }}>
        <Toolbar label={label} />
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, minHeight: 80, '&:focus-within': { borderColor: 'primary.main' } }}>
          <Editable aria-label={`${label}: rich text`} renderElement={renderElement} renderLeaf={renderLeaf} onKeyDown={onKeyDown} style={{ outline: 'none', minHeight: 80 }} />
        </Box>
      </Slate>
    </Box>
  )
}
