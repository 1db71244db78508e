// A simple editor for Strapi's rich-text blocks: paragraphs, headings, lists (one item per
// line), quotes; links written as [text](url) inside a block's text.
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material'
import { useInput } from 'react-admin'
import { ItemControls } from './ComponentInput'
import { blocksFromRows, rowsFromBlocks } from './blocks'
import type { BlockKind, BlockRow } from './blocks'

const KINDS: Array<{ kind: BlockKind, name: string }> = [
  { kind: 'paragraph', name: 'Paragraph' }, { kind: 'heading-1', name: 'Heading 1' }, { kind: 'heading-2', name: 'Heading 2' },
  { kind: 'heading-3', name: 'Heading 3' }, { kind: 'unordered', name: 'Bulleted list' }, { kind: 'ordered', name: 'Numbered list' },
  { kind: 'quote', name: 'Quote' }
]

export function BlocksInput ({ source, label }: { source: string, label: string }) {
  const { field, id } = useInput({ source })
  const rows = rowsFromBlocks(field.value)
  const save = (next: BlockRow[]) => { field.onChange(blocksFromRows(next)) }
  const update = (index: number, change: Partial<BlockRow>) => { save(rows.map((row, at) => at === index ? { ...row, ...change } : row)) }
  const move = (from: number, to: number) => { const next = [...rows]; const [row] = next.splice(from, 1); if (row !== undefined) next.splice(to, 0, row); save(next) }
  return (
    <Box component="fieldset" id={id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <legend>{label}</legend>
      {rows.map((row, index) => (
        <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
          <TextField select size="small" label={`${label} block ${index + 1} kind`} value={row.kind} onChange={event => { update(index, { kind: event.target.value as BlockKind }) }} sx={{ minWidth: 150 }}>
            {KINDS.map(kind => <MenuItem key={kind.kind} value={kind.kind}>{kind.name}</MenuItem>)}
          </TextField>
          <TextField size="small" multiline fullWidth label={`${label} block ${index + 1} text`} value={row.text} onChange={event => { update(index, { text: event.target.value }) }} helperText={row.kind === 'ordered' || row.kind === 'unordered' ? 'One item per line; links as [text](https://...)' : 'Links as [text](https://...)'} />
          <ItemControls label={`${label} block ${index + 1}`} index={index} count={rows.length} move={move} remove={at => { save(rows.filter((_row, other) => other !== at)) }} />
        </Stack>
      ))}
      <Button onClick={() => { save([...rows, { kind: 'paragraph', text: '' }]) }}>
        {`Add a block to ${label}`}
      </Button>
    </Box>
  )
}
