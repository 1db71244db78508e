// Save, and for draft-and-publish types publish or unpublish the stored entry (when the role may).
import { useState } from 'react'
import { Button, SaveButton, Toolbar, useNotify, useRecordContext, useRefresh, useResourceContext } from 'react-admin'
import { Box } from '@mui/material'
import type { ContentTypeSchema } from '../api/schema'
import { hasDraftAndPublish } from '../api/schema'
import { publish } from '../api/data-provider'
import { useEntryActions } from '../auth/permissions'
import { StatusBadge } from './StatusBadge'
import { useUnsavedChanges } from './unsaved-changes'

function PublishButton () {
  const record = useRecordContext()
  const resource = useResourceContext() ?? ''
  const isDirty = useUnsavedChanges()
  const notify = useNotify()
  const refresh = useRefresh()
  const [busy, setBusy] = useState(false)
  if (record === undefined) return null
  const published = record.publishedAt !== null && record.publishedAt !== undefined
  const run = () => {
    setBusy(true)
    publish(resource, record.id, !published)
      .then(() => { notify(published ? 'Unpublished' : 'Published', { type: 'success' }); refresh() })
      .catch((error: Error) => { notify(error.message, { type: 'error' }) })
      .finally(() => { setBusy(false) })
  }
  return (
    <>
      <StatusBadge published={published} />
      <Button label={published ? 'Unpublish' : 'Publish'} onClick={run} disabled={busy || (isDirty && !published)} title={isDirty && !published ? 'Save first' : undefined} variant="outlined" />
    </>
  )
}

export function EntryToolbar ({ type }: { type: ContentTypeSchema }) {
  // The Author's role never publishes: no button it would only be refused with.
  const mayPublish = useEntryActions(type.uid)?.has('publish') === true
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton alwaysEnable={false} />
      <Box sx={{ flex: 1 }} />
      {hasDraftAndPublish(type) && mayPublish && <PublishButton />}
    </Toolbar>
  )
}
