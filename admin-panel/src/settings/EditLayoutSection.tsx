// The edit layout of "Configure the view": each field's label, description and width on the
// 12-column grid, in the order the form shows them (rows are packed from that order on save).
import { IconButton, Stack, TextField, Typography } from '@mui/material'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import { GRID_COLUMNS, moved } from './view-draft'
import type { FieldDraft } from './view-draft'

export interface EditLayoutSectionProps {
  fields: FieldDraft[]
  errors: Record<string, string>
  onChange: (fields: FieldDraft[]) => void
}

export function EditLayoutSection ({ fields, errors, onChange }: EditLayoutSectionProps) {
  const change = (index: number, patch: Partial<FieldDraft>) => { onChange(fields.map((field, at) => at === index ? { ...field, ...patch } : field)) }
  const error = (key: string) => ({ error: errors[key] !== undefined, helperText: errors[key] })
  return (
    <Stack component="section" aria-labelledby="edit-heading" spacing={1}>
      <Typography id="edit-heading" variant="h6" component="h2">Edit view</Typography>
      <Typography variant="body2">{`Fields fill rows of ${GRID_COLUMNS} columns in this order; a field that does not fit starts the next row.`}</Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((field, index) => (
          <Stack component="li" key={field.name} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} aria-label={`Field ${field.name}`}>
            <TextField size="small" id={`field-${field.name}-label`} label={`Label of field ${field.name}`} value={field.label} onChange={event => { change(index, { label: event.target.value }) }} {...error(`fields.${field.name}.label`)} sx={{ flex: 1 }} />
            <TextField size="small" id={`field-${field.name}-description`} label={`Description of field ${field.name}`} value={field.description} onChange={event => { change(index, { description: event.target.value }) }} {...error(`fields.${field.name}.description`)} sx={{ flex: 2 }} />
            <TextField
              size="small"
              type="number"
              id={`field-${field.name}-size`}
              label={`Width of field ${field.name}`}
              value={Number.isNaN(field.size) ? '' : field.size}
              onChange={event => { change(index, { size: event.target.value === '' ? Number.NaN : Number(event.target.value) }) }}
              slotProps={{ htmlInput: { min: 1, max: GRID_COLUMNS, step: 1 } }}
              {...error(`fields.${field.name}.size`)}
              sx={{ width: { sm: 220 }, flexShrink: 0 }}
            />
            <Stack direction="row">
              <IconButton aria-label={`Move field ${field.name} up`} disabled={index === 0} onClick={() => { onChange(moved(fields, index, -1)) }}><ArrowUpwardIcon /></IconButton>
              <IconButton aria-label={`Move field ${field.name} down`} disabled={index === fields.length - 1} onClick={() => { onChange(moved(fields, index, 1)) }}><ArrowDownwardIcon /></IconButton>
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Stack>
  )
}
