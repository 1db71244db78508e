// The list columns of "Configure the view": each column's label and whether it sorts, moved up
// and down or removed; the attributes not shown yet, added from a menu.
import { useState } from 'react'
import { Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import DeleteIcon from '@mui/icons-material/Delete'
import { moved } from './view-draft'
import type { ColumnDraft } from './view-draft'

export interface ListColumnsSectionProps {
  columns: ColumnDraft[]
  /** Every attribute that may be a column, in schema order. */
  listable: string[]
  /** Those that may sort (the others' Sortable box is off and disabled). */
  sortable: ReadonlySet<string>
  errors: Record<string, string>
  onChange: (columns: ColumnDraft[]) => void
}

export function ListColumnsSection ({ columns, listable, sortable, errors, onChange }: ListColumnsSectionProps) {
  const [adding, setAdding] = useState('')
  const shown = new Set(columns.map(column => column.name))
  const addable = listable.filter(name => !shown.has(name))
  const change = (index: number, patch: Partial<ColumnDraft>) => { onChange(columns.map((column, at) => at === index ? { ...column, ...patch } : column)) }
  return (
    <Stack component="section" aria-labelledby="columns-heading" spacing={1}>
      <Typography id="columns-heading" variant="h6" component="h2">List columns</Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {columns.map((column, index) => (
          <Stack component="li" key={column.name} direction="row" spacing={1} alignItems="center" aria-label={`Column ${column.name}`}>
            <TextField
              size="small"
              id={`column-${column.name}-label`}
              label={`Label of column ${column.name}`}
              value={column.label}
              onChange={event => { change(index, { label: event.target.value }) }}
              error={errors[`columns.${column.name}`] !== undefined || errors[`columns.${column.name}.label`] !== undefined}
              helperText={errors[`columns.${column.name}`] ?? errors[`columns.${column.name}.label`]}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <FormControlLabel
              control={<Checkbox checked={column.sortable && sortable.has(column.name)} disabled={!sortable.has(column.name)} onChange={event => { change(index, { sortable: event.target.checked }) }} />}
              label={`Sort by ${column.name}`}
              sx={{ width: 220, flexShrink: 0 }}
            />
            <IconButton aria-label={`Move column ${column.name} up`} disabled={index === 0} onClick={() => { onChange(moved(columns, index, -1)) }}><ArrowUpwardIcon /></IconButton>
            <IconButton aria-label={`Move column ${column.name} down`} disabled={index === columns.length - 1} onClick={() => { onChange(moved(columns, index, 1)) }}><ArrowDownwardIcon /></IconButton>
            <IconButton aria-label={`Remove column ${column.name}`} onClick={() => { onChange(columns.filter((_, at) => at !== index)) }}><DeleteIcon /></IconButton>
          </Stack>
        ))}
      </Stack>
      {addable.length > 0 && (
        <Stack direction="row" spacing={1} alignItems="center">
          <TextField select size="small" id="column-to-add" label="Column to add" value={adding} onChange={event => { setAdding(event.target.value) }} sx={{ flex: 1 }}>
            {addable.map(name => <MenuItem key={name} value={name}>{name}</MenuItem>)}
          </TextField>
          <Button
            sx={{ flexShrink: 0 }}
            disabled={adding === '' || shown.has(adding)}
            onClick={() => { onChange([...columns, { name: adding, label: adding, sortable: sortable.has(adding) }]); setAdding('') }}
          >
            Add the column
          </Button>
        </Stack>
      )}
    </Stack>
  )
}
