// One file's details: alternative text and caption, delete it. No Replace: the server refuses
// new content for a stored file (docs/media.md), so the button could only fail.
import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material'
import { useNotify } from 'react-admin'
import { deleteFile, updateFileInfo } from './files-api'
import { fileUrl } from './file-url'
import type { MediaFile } from './file-url'

export function FileDetails ({ file, onClose }: { file: MediaFile, onClose: () => void }) {
  const [alternativeText, setAlternativeText] = useState(file.alternativeText ?? '')
  const [caption, setCaption] = useState(file.caption ?? '')
  const notify = useNotify()
  const fail = (error: Error) => { notify(error.message, { type: 'error' }) }
  const save = () => { updateFileInfo(file.id, { alternativeText, caption }).then(() => { notify('File saved', { type: 'success' }); onClose() }).catch(fail) }
  const remove = () => { if (window.confirm(`Delete ${file.name}?`)) deleteFile(file.id).then(() => { notify('File deleted', { type: 'success' }); onClose() }).catch(fail) }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="file-details-title">
      <DialogTitle id="file-details-title">{file.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {file.mime?.startsWith('image/') === true && <img src={fileUrl(file, 'small')} alt={file.alternativeText ?? file.name} style={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain' }} />}
          <TextField label="Alternative text" value={alternativeText} onChange={event => { setAlternativeText(event.target.value) }} />
          <TextField label="Caption" value={caption} onChange={event => { setCaption(event.target.value) }} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button color="error" onClick={remove}>Delete</Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save}>Save</Button>
      </DialogActions>
    </Dialog>
  )
}
