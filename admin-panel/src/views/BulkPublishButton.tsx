// Publishes or unpublishes the selected entries in one call (actions/bulkPublish|bulkUnpublish).
import { Button, useListContext, useNotify, useRefresh, useResourceContext, useUnselectAll } from 'react-admin'
import { useState } from 'react'
import PublishIcon from '@mui/icons-material/Publish'
import UnpublishedIcon from '@mui/icons-material/Unpublished'
import { bulkPublish } from '../api/data-provider'

export function BulkPublishButton ({ publishing }: { publishing: boolean }) {
  const { selectedIds } = useListContext()
  const resource = useResourceContext() ?? ''
  const notify = useNotify()
  const refresh = useRefresh()
  const unselectAll = useUnselectAll(resource)
  const [busy, setBusy] = useState(false)
  const run = () => {
    setBusy(true)
    bulkPublish(resource, selectedIds, publishing)
      .then(count => { notify(`${count} ${count === 1 ? 'entry' : 'entries'} ${publishing ? 'published' : 'unpublished'}`, { type: 'success' }); unselectAll(); refresh() })
      .catch((error: Error) => { notify(error.message, { type: 'error' }) })
      .finally(() => { setBusy(false) })
  }
  // The icon is all a phone shows (react-admin's Button is an icon button there, its label the name).
  return (
    <Button label={publishing ? 'Publish' : 'Unpublish'} onClick={run} disabled={busy}>
      {publishing ? <PublishIcon /> : <UnpublishedIcon />}
    </Button>
  )
}
