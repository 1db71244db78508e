// One file's details: alternative text, caption and folder, replace its content, delete it.
import { useState } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, MenuItem, Stack, TextField } from '@mui/material'
import { useNotify } from 'react-admin'
import { useQuery } from '@tanstack/react-query'
import { deleteFile, updateFileInfo, uploadFile } from './files-api'
import { folderChoices, folderStructure } from './folders-api'
import { fileUrl } from './file-url'
import type { MediaFile } from './file-url'

/** `folder`: the folder the file is shown in (null: the root), where it stays unless another is chosen. */
export function FileDetails ({ file, folder = null, onClose }: { file: MediaFile, folder?: number | null, onClose: () => void }) {
  const [alternativeText, setAlternativeText] = useState(file.alternativeText ?? '')
  const [location, setLocation] = useState<number | null>(folder)
  const { data: structure } = useQuery({ queryKey: ['upload-folder-structure'], queryFn: folderStructure })
  const [caption, setCaption] = useState(file.caption ?? '')
  const [progress, setProgress] = useState<number | null>(null)
  const notify = useNotify()
  const fail = (error: Error) => { notify(error.message, { type: 'error' }) }
  const save = () => { updateFileInfo(file.id, { alternativeText, caption, ...(location === folder ? {} : { folder: location }) }).then(() => { notify('File saved', { type: 'success' }); onClose() }).catch(fail) }
  const remove = () => { if (window.confirm(`Delete ${file.name}?`)) deleteFile(file.id).then(() => { notify('File deleted', { type: 'success' }); onClose() }).catch(fail) }
  const replace = (next: File | undefined) => {
    if (next === undefined) return
    setProgress(0)
    uploadFile(next, { replace: file.id, onProgress: setProgress }).then(() => { notify('File replaced', { type: 'success' }); onClose() }).catch(fail).finally(() => { setProgress(null) })
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="file-details-title">
      <DialogTitle id="file-details-title">{file.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {file.mime?.startsWith('image/') === true && <img src={fileUrl(file, 'small')} alt={file.alternativeText ?? file.name} style={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain' }} />}
          <TextField label="Alternative text" value={alternativeText} onChange={event => { setAlternativeText(event.target.value) }} />
          <TextField label="Caption" value={caption} onChange={event => { setCaption(event.target.value) }} />
          <TextField select label="Folder" value={location ?? 0} onChange={event => { const next = Number(event.target.value); setLocation(next === 0 ? null : next) }}>
            <MenuItem value={0}>Media library (root)</MenuItem>
            {folderChoices(structure ?? []).map(choice => <MenuItem key={choice.id} value={choice.id}>{choice.label}</MenuItem>)}
          </TextField>
          {progress !== null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Replacing" />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button color="error" onClick={remove}>Delete</Button>
        <Button component="label">
          Replace
          <input hidden type="file" aria-label={`Replace ${file.name}`} onChange={event => { replace(event.target.files?.[0]) }} />
        </Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save}>Save</Button>
      </DialogActions>
    </Dialog>
  )
}
