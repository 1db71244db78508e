// A relation: an async picker that searches the target as you type (a page at a time), and for
// to-many the current links, loaded a page at a time, reorderable and removable. The form value
// is the change only ({ connect, disconnect }), as the content manager's write body takes it.
import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { Autocomplete, Box, Button, Chip, IconButton, List, ListItem, ListItemText, Stack, TextField } from '@mui/material'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import DeleteIcon from '@mui/icons-material/Delete'
import { useInput } from 'react-admin'
import type { Attribute } from '../api/schema'
import { useFormSchema } from './form-schema'
import { DragHandle, SortableList, useSortableItem } from './Sortable'
import type { SortableItem } from './Sortable'
import { candidates, currentLinks } from './relation-api'
import type { LinkedEntry } from './relation-api'
import type { RelationChange } from './relation-change'

const TO_MANY = new Set(['oneToMany', 'manyToMany', 'morphToMany', 'manyWay'])
const MORE = { id: '__more__' } as const

type Option = LinkedEntry | typeof MORE

/** A linked entry's line; a to-many link's is draggable (`children` place its ref and handle). */
function LinkRow ({ id, sortable, children }: { id: string, sortable: boolean, children: (item: SortableItem | undefined) => ReactNode }) {
  const item = useSortableItem(id)
  return <>{children(sortable ? item : undefined)}</>
}

export function RelationInput ({ source, label, field: name, attribute }: { source: string, label: string, field: string, attribute: Attribute }) {
  const { type, configuration, entryId } = useFormSchema()
  const { field, id } = useInput({ source })
  const toMany = TO_MANY.has(attribute.relation ?? '')
  const mainField = configuration.metadatas[name]?.edit?.mainField ?? 'id'
  const title = (entry: LinkedEntry) => String(entry[mainField] ?? entry.id)
  // Links of a stored entry load from the server; relations inside components are only added.
  const ownLinks = entryId !== undefined && source === name

  const [linked, setLinked] = useState<LinkedEntry[]>([])
  const stored = useRef(new Set<string>())
  const [removed, setRemoved] = useState<Array<number | string>>([])
  const [moved, setMoved] = useState<RelationChange['connect']>([])
  const [linkPage, setLinkPage] = useState({ page: 0, pageCount: 1, total: 0 })

  const loadLinks = (page: number) => {
    if (!ownLinks) return
    currentLinks({ uid: type.uid, entryId, field: name, page, toMany })
      .then(answer => {
        answer.results.forEach(entry => stored.current.add(String(entry.id)))
        setLinked(current => [...current, ...answer.results.filter(entry => !current.some(item => String(item.id) === String(entry.id)))])
        setLinkPage({ page, pageCount: answer.pagination.pageCount, total: answer.pagination.total })
      })
      .catch(() => {})
  }
  useEffect(() => { loadLinks(1) }, [entryId]) // eslint-disable-line react-hooks/exhaustive-deps

  const publish = (next: LinkedEntry[], nextRemoved: Array<number | string>, nextMoved: RelationChange['connect']) => {
    setLinked(next)
    setRemoved(nextRemoved)
    setMoved(nextMoved)
    const added = next.filter(entry => !stored.current.has(String(entry.id))).map(entry => ({ id: entry.id }))
    const change: RelationChange = { connect: [...added, ...nextMoved.filter(item => !added.some(entry => String(entry.id) === String(item.id)))], disconnect: nextRemoved.map(removedId => ({ id: removedId })) }
    field.onChange(change)
  }
  const add = (entry: LinkedEntry) => {
    if (!toMany) {
      publish([entry], [...removed, ...linked.filter(item => stored.current.has(String(item.id))).map(item => item.id)], [])
      return
    }
    publish([...linked, entry], removed.filter(removedId => String(removedId) !== String(entry.id)), moved)
  }
  const remove = (entry: LinkedEntry) => {
    publish(linked.filter(item => item !== entry), stored.current.has(String(entry.id)) ? [...removed, entry.id] : removed, moved.filter(item => String(item.id) !== String(entry.id)))
  }
  const move = (from: number, to: number) => {
    const next = [...linked]
    const [entry] = next.splice(from, 1)
    if (entry === undefined) return
    next.splice(to, 0, entry)
    const after = next[to + 1]
    const position = after === undefined ? { end: true as const } : { before: after.id }
    publish(next, removed, [...moved.filter(item => String(item.id) !== String(entry.id)), { id: entry.id, position }])
  }

  const [search, setSearch] = useState('')
  const [open, setOpen] = useState(false)
  const [options, setOptions] = useState<LinkedEntry[]>([])
  const [optionPage, setOptionPage] = useState({ page: 1, pageCount: 1 })
  const fetchOptions = (page: number, signal?: AbortSignal) => candidates({ uid: type.uid, field: name, search, page, omit: linked.map(entry => entry.id), entryId: ownLinks ? entryId : undefined, signal })
    .then(answer => {
      setOptions(current => page === 1 ? answer.results : [...current, ...answer.results])
      setOptionPage({ page, pageCount: answer.pagination.pageCount })
    })
  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    const timer = setTimeout(() => { fetchOptions(1, controller.signal).catch(() => {}) }, 250)
    return () => { clearTimeout(timer); controller.abort() }
  }, [search, open, linked.length]) // eslint-disable-line react-hooks/exhaustive-deps

  const shown: Option[] = optionPage.page < optionPage.pageCount ? [...options, MORE] : options
  return (
    <Box component="fieldset" id={id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, minWidth: 0 }}>
      <legend>
        {label}
        {toMany && linkPage.total > 0 ? ` (${linkPage.total - removed.length + linked.filter(entry => !stored.current.has(String(entry.id))).length})` : ''}
      </legend>
      {linked.length > 0 && (
        <SortableList ids={linked.map(entry => String(entry.id))} move={move}>
          <List dense aria-label={`${label}: linked entries`}>
            {linked.map((entry, index) => (
              <LinkRow key={entry.id} id={String(entry.id)} sortable={toMany}>
                {item => (
                  <ListItem
                    ref={item?.ref}
                    style={item?.style}
                    disableGutters
                    secondaryAction={(
                      <Stack direction="row">
                        {toMany && <IconButton size="small" aria-label={`Move ${title(entry)} up`} disabled={index === 0} onClick={() => { move(index, index - 1) }}><ArrowUpwardIcon fontSize="small" /></IconButton>}
                        {toMany && <IconButton size="small" aria-label={`Move ${title(entry)} down`} disabled={index === linked.length - 1} onClick={() => { move(index, index + 1) }}><ArrowDownwardIcon fontSize="small" /></IconButton>}
                        <IconButton size="small" aria-label={`Remove ${title(entry)} from ${label}`} onClick={() => { remove(entry) }}><DeleteIcon fontSize="small" /></IconButton>
                      </Stack>
                    )}
                  >
                    {item !== undefined && <DragHandle label={title(entry)} handle={item.handle} />}
                    <ListItemText primary={title(entry)} secondary={entry.publishedAt === undefined ? undefined : <Chip component="span" size="small" variant="outlined" label={entry.publishedAt === null ? 'Draft' : 'Published'} />} />
                  </ListItem>
                )}
              </LinkRow>
            ))}
          </List>
        </SortableList>
      )}
      {ownLinks && linkPage.page < linkPage.pageCount && <Button size="small" onClick={() => { loadLinks(linkPage.page + 1) }}>Load more links</Button>}
      <Autocomplete<Option, false, false, false>
        open={open}
        onOpen={() => { setOpen(true) }}
        onClose={() => { setOpen(false) }}
        options={shown}
        filterOptions={items => items}
        value={null}
        inputValue={search}
        onInputChange={(_event, text, reason) => { if (reason !== 'reset') setSearch(text) }}
        getOptionLabel={option => option === MORE ? 'Load more…' : title(option as LinkedEntry)}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onChange={(_event, option) => {
          if (option === null) return
          if (option === MORE) { fetchOptions(optionPage.page + 1).catch(() => {}); setOpen(true); return }
          add(option as LinkedEntry)
          setSearch('')
        }}
        disableCloseOnSelect={false}
        renderInput={params => <TextField {...params} label={toMany ? `Add to ${label}` : `Choose ${label}`} placeholder="Type to search" />}
      />
    </Box>
  )
}
