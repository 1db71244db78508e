// What the edit view shows instead of a form when the entry cannot be read: the server's
// refusal (403: another author's entry), a missing entry (404), or another failure.
import { useEditContext } from 'react-admin'
import { Alert, CardContent } from '@mui/material'

export function EntryError () {
  const { error } = useEditContext()
  const status = (error as { status?: number } | null)?.status
  const message = status === 403
    ? 'You are not allowed to open this entry: your role lets you open only the entries you created.'
    : status === 404 ? 'This entry does not exist (it may have been deleted).' : 'This entry could not be loaded.'
  return (
    <CardContent>
      <Alert severity={status === 403 ? 'warning' : 'error'} role="alert">{message}</Alert>
    </CardContent>
  )
}
