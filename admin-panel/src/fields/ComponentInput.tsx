// A component: single (add, collapse, remove) or repeatable (a list of collapsible items that
// can be added, reordered by dragging or with buttons, and removed). Its attributes are the same inputs, one level down.
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, IconButton, Stack, Typography } from '@mui/material'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import DeleteIcon from '@mui/icons-material/Delete'
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import type { ComponentSchema } from '../api/schema'
import { ComponentFields } from './ComponentFields'
import { DragHandle, SortableList, useSortableItem } from './Sortable'

export function ItemControls ({ label, index, count, move, remove }: { label: string, index: number, count: number, move: (from: number, to: number) => void, remove: (index: number) => void }) {
  return (
    <Stack direction="row" onClick={event => { event.stopPropagation() }} onFocus={event => { event.stopPropagation() }}>
      <IconButton size="small" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => { move(index, index - 1) }}><ArrowUpwardIcon fontSize="small" /></IconButton>
      <IconButton size="small" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => { move(index, index + 1) }}><ArrowDownwardIcon fontSize="small" /></IconButton>
      <IconButton size="small" aria-label={`Remove ${label}`} onClick={() => { remove(index) }}><DeleteIcon fontSize="small" /></IconButton>
    </Stack>
  )
}

function RepeatableItem ({ id, source, label, component, index, count, move, remove }: { id: string, source: string, label: string, component: ComponentSchema, index: number, count: number, move: (from: number, to: number) => void, remove: (index: number) => void }) {
  const item = useSortableItem(id)
  return (
    <Accordion ref={item.ref} style={item.style} defaultExpanded disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ width: '100%' }}>
          <Stack direction="row" alignItems="center">
            <DragHandle label={`${label} ${index + 1}`} handle={item.handle} />
            <Typography>
              {component.info.displayName}
              {' '}
              {index + 1}
            </Typography>
          </Stack>
          <ItemControls label={`${label} ${index + 1}`} index={index} count={count} move={move} remove={remove} />
        </Stack>
      </AccordionSummary>
      <AccordionDetails><ComponentFields prefix={`${source}.${index}`} component={component} /></AccordionDetails>
    </Accordion>
  )
}

function RepeatableComponent ({ source, label, component }: { source: string, label: string, component: ComponentSchema }) {
  const { fields, append, move, remove } = useFieldArray({ name: source, keyName: '_key' })
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <legend>{label}</legend>
      <SortableList ids={fields.map(item => item._key)} move={move}>
        {fields.map((item, index) => (
          <RepeatableItem key={item._key} id={item._key} source={source} label={label} component={component} index={index} count={fields.length} move={move} remove={remove} />
        ))}
      </SortableList>
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
