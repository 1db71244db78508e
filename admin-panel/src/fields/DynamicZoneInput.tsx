// A dynamic zone: items of the allowed components, picked from a menu grouped by category,
// inserted at any place, reordered by dragging or with buttons, and removed.
import { useState } from 'react'
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, ListSubheader, Menu, MenuItem, Stack, Typography } from '@mui/material'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { useFieldArray, useWatch } from 'react-hook-form'
import { ComponentFields } from './ComponentFields'
import { ItemControls } from './ComponentInput'
import { useFormSchema } from './form-schema'
import { DragHandle, SortableList, useSortableItem } from './Sortable'

function ComponentPicker ({ allowed, label, onPick }: { allowed: string[], label: string, onPick: (uid: string) => void }) {
  const { components } = useFormSchema()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const byCategory = new Map<string, Array<{ uid: string, name: string }>>()
  for (const uid of allowed) {
    const component = components.get(uid)
    const category = component?.category ?? uid.split('.')[0] ?? ''
    byCategory.set(category, [...(byCategory.get(category) ?? []), { uid, name: component?.info.displayName ?? uid }])
  }
  return (
    <>
      <Button size="small" onClick={event => { setAnchor(event.currentTarget) }} aria-haspopup="menu">{label}</Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => { setAnchor(null) }}>
        {[...byCategory].flatMap(([category, items]) => [
          <ListSubheader key={`category-${category}`}>{category}</ListSubheader>,
          ...items.map(item => <MenuItem key={item.uid} onClick={() => { setAnchor(null); onPick(item.uid) }}>{item.name}</MenuItem>)
        ])}
      </Menu>
    </>
  )
}

function ZoneItem ({ id, source, index, count, move, remove, insert, allowed }: { id: string, source: string, index: number, count: number, move: (from: number, to: number) => void, remove: (index: number) => void, insert: (index: number, uid: string) => void, allowed: string[] }) {
  const { components } = useFormSchema()
  const uid = useWatch({ name: `${source}.${index}.__component` }) as string
  const component = components.get(uid)
  const name = component?.info.displayName ?? uid
  const item = useSortableItem(id)
  return (
    <Box ref={item.ref} style={item.style}>
      <ComponentPicker allowed={allowed} label={`Insert above ${name} ${index + 1}`} onPick={picked => { insert(index, picked) }} />
      <Accordion defaultExpanded disableGutters variant="outlined">
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ width: '100%' }}>
            <Stack direction="row" alignItems="center">
              <DragHandle label={`${name} ${index + 1}`} handle={item.handle} />
              <Typography>
                {name}
                {' '}
                {index + 1}
              </Typography>
            </Stack>
            <ItemControls label={`${name} ${index + 1}`} index={index} count={count} move={move} remove={remove} />
          </Stack>
        </AccordionSummary>
        <AccordionDetails>
          {component === undefined ? (
            <Typography color="error">
              Unknown component
              {uid}
            </Typography>
          ) : <ComponentFields prefix={`${source}.${index}`} component={component} />}
        </AccordionDetails>
      </Accordion>
    </Box>
  )
}

export function DynamicZoneInput ({ source, label, allowed }: { source: string, label: string, allowed: string[] }) {
  const { fields, insert, move, remove, append } = useFieldArray({ name: source, keyName: '_key' })
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <legend>{label}</legend>
      <SortableList ids={fields.map(item => item._key)} move={move}>
        {fields.map((item, index) => (
          <ZoneItem
            key={item._key}
            id={item._key}
            source={source}
            index={index}
            count={fields.length}
            move={move}
            remove={remove}
            allowed={allowed}
            insert={(at, uid) => { insert(at, { __component: uid }) }}
          />
        ))}
      </SortableList>
      <ComponentPicker allowed={allowed} label={`Add a component to ${label}`} onPick={uid => { append({ __component: uid }) }} />
    </Box>
  )
}
