// The list on a phone-sized screen: one line per entry (its main field and status) that opens
// it, with a checkbox to select it, and react-admin's bulk actions toolbar over the lines
// (the same buttons the table has on wider screens).
import type { ReactNode } from 'react'
import { BulkActionsToolbar, Link, useCreatePath, useListContext, useResourceContext } from 'react-admin'
import type { RaRecord } from 'react-admin'
import { Checkbox, List as MuiList, ListItem, ListItemButton, ListItemText } from '@mui/material'

export interface PhoneListProps {
  /** The line's title: the entry's main field. */
  title: (record: RaRecord) => string
  /** Under the title (the Draft/Published status), if any. */
  status?: (record: RaRecord) => string
  /** The bulk action buttons; no checkboxes when there are none. */
  bulkActions: ReactNode
}

export function PhoneList ({ title, status, bulkActions }: PhoneListProps) {
  const { data, selectedIds, onToggleItem } = useListContext()
  const resource = useResourceContext() ?? ''
  const createPath = useCreatePath()
  const selectable = bulkActions !== null && bulkActions !== false
  return (
    <>
      {/* No "select all matching" link: a phone's bulk action works on the lines it shows. */}
      {selectable && <BulkActionsToolbar selectAllButton={false}>{bulkActions}</BulkActionsToolbar>}
      <MuiList aria-label="Entries">
        {(data ?? []).map((record: RaRecord) => {
          const text = title(record)
          return (
            <ListItem key={record.id} disablePadding>
              {selectable && (
                <Checkbox
                  checked={selectedIds.includes(record.id)}
                  onChange={() => { onToggleItem(record.id) }}
                  slotProps={{ input: { 'aria-label': `Select ${text}` } }}
                />
              )}
              <ListItemButton component={Link} to={createPath({ resource, type: 'edit', id: record.id })}>
                <ListItemText primary={text} secondary={status?.(record)} />
              </ListItemButton>
            </ListItem>
          )
        })}
      </MuiList>
    </>
  )
}
