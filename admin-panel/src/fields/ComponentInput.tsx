// A component: single (add, collapse, remove) or repeatable (a list of collapsible items that
// can be added, reordered and removed). Its attributes are the same inputs, one level down.
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, IconButton, Stack, Typography } from '@mui/material'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import DeleteIcon from '@mui/icons-material/Delete'
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import type { ComponentSchema } from '../api/schema'
import { ComponentFields } from './ComponentFields'

export function ItemControls ({ label, index, count, move, remove }: { label: string, index: number, count: number, move: (from: number, to: number) => void, remove: (index: number) => void }) {
  return (
    <Stack direction="row" onClick={event => { event.stopPropagation() }} onFocus={event => { event.stopPropagation() }}>
      <IconButton size="small" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => { move(index, index - 1) }}><ArrowUpwardIcon fontSize="small" /></IconButton>
      <IconButton size="small" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => { move(index, index + 1) }}><ArrowDownwardIcon fontSize="small" /></IconButton>
      <IconButton size="small" aria-label={`Remove ${label}`} onClick={() => { remove(index) }}><DeleteIcon fontSize="small" /></IconButton>
    </Stack>
  )
}

function RepeatableComponent ({ source, label, component }: { source: string, label: string, component: ComponentSchema }) {
  const { fields, append, move, remove } = useFieldArray({ name: source, keyName: '_key' })
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <legend>{label}</legend>
      {fields.map((item, index) => (
        <Accordion key={item._key} defaultExpanded disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ width: '100%' }}>
              <Typography>
                {component.info.displayName}
                {' '}
                {index + 1}
              </Typography>
              <ItemControls label={`${label} ${index + 1}`} index={index} count={fields.length} move={move} remove={remove} />
            </Stack>
          </AccordionSummary>
          <AccordionDetails><ComponentFields prefix={`${source}.${index}`} component={component} /></AccordionDetails>
        </Accordion>
      ))}
      <Button onClick={() => { append({}) }}>
        {`Add an entry to ${label}`}
      </Button>
    </Box>
  )
}

function SingleComponent ({ source, label, component }: { source: string, label: string, component: ComponentSchema }) {
  const { setValue } = useFormContext()
  const value: unknown = useWatch({ name: source })
  if (value === null || value === undefined) {
    return (
      <Button variant="outlined" onClick={() => { setValue(source, {}, { shouldDirty: true }) }}>
        {`Add ${label} (${component.info.displayName})`}
      </Button>
    )
  }
  return (
    <Accordion defaultExpanded disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ width: '100%' }}>
          <Typography>{label}</Typography>
          <IconButton size="small" aria-label={`Remove ${label}`} onClick={event => { event.stopPropagation(); setValue(source, null, { shouldDirty: true }) }}><DeleteIcon fontSize="small" /></IconButton>
        </Stack>
      </AccordionSummary>
      <AccordionDetails><ComponentFields prefix={source} component={component} /></AccordionDetails>
    </Accordion>
  )
}

export function ComponentInput (props: { source: string, label: string, component: ComponentSchema, repeatable: boolean }) {
  return props.repeatable ? <RepeatableComponent {...props} /> : <SingleComponent {...props} />
}
