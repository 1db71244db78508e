// Media: one file or several, picked from the media library in a dialog (with paging), or
// uploaded from that dialog, which then picks what was uploaded.
import { useState } from 'react'
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Pagination, Stack, Typography } from '@mui/material'
import DeleteIcon from '@mui/icons-material/Delete'
import { useInput } from 'react-admin'
import { FileGrid } from '../media/FileGrid'
import type { MediaFile } from '../media/file-url'
import { fileUrl } from '../media/file-url'
import { useFilePage } from '../media/use-file-page'
import { UploadZone } from '../media/UploadZone'

/** The media library in a dialog: pick files (one or several), page through, or upload and pick what was uploaded. */
export function Picker ({ open, multiple, initial, onClose, onDone, label }: { open: boolean, multiple: boolean, initial: MediaFile[], onClose: () => void, onDone: (files: MediaFile[]) => void, label: string }) {
  const [page, setPage] = useState(1)
  const [chosen, setChosen] = useState<MediaFile[]>(initial)
  const { data } = useFilePage(page)
  const toggle = (file: MediaFile) => {
    if (!multiple) { setChosen([file]); return }
    setChosen(current => current.some(item => item.id === file.id) ? current.filter(item => item.id !== file.id) : [...current, file])
  }
  const uploaded = (files: MediaFile[]) => {
    setPage(1)
    setChosen(current => multiple ? [...current, ...files] : files.slice(0, 1))
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="media-picker-title">
      <DialogTitle id="media-picker-title">
        {`Choose ${label}: from the media library, or upload`}
      </DialogTitle>
      <DialogContent>
        <UploadZone multiple={multiple} onUploaded={uploaded} />
        {data === undefined ? <Typography>Loading…</Typography> : data.results.length === 0 ? <Typography>The media library is empty.</Typography> : (
          <>
            <FileGrid files={data.results} selected={new Set(chosen.map(file => file.id))} onPick={toggle} />
            {data.pagination.pageCount > 1 && <Pagination sx={{ mt: 2 }} count={data.pagination.pageCount} page={page} onChange={(_event, next) => { setPage(next) }} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => { onDone(chosen) }}>Finish</Button>
      </DialogActions>
    </Dialog>
  )
}

export function MediaInput ({ source, label, multiple }: { source: string, label: string, multiple: boolean }) {
  const { field, id } = useInput({ source })
  const [open, setOpen] = useState(false)
  const value = field.value as MediaFile | MediaFile[] | null | undefined
  // A new entry's empty input holds '' rather than null.
  const isFile = (item: unknown): item is MediaFile => item !== null && typeof item === 'object' && 'id' in item
  const files: MediaFile[] = Array.isArray(value) ? value.filter(isFile) : isFile(value) ? [value] : []
  const set = (next: MediaFile[]) => { field.onChange(multiple ? next : next[0] ?? null) }
  return (
    <Box component="fieldset" id={id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <legend>{label}</legend>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {files.map(file => (
          <Stack key={file.id} alignItems="center" sx={{ width: 96 }}>
            <img src={fileUrl(file, 'thumbnail')} alt={file.alternativeText ?? file.name} style={{ width: 80, height: 80, objectFit: 'cover' }} />
            <Typography variant="caption" noWrap sx={{ maxWidth: 96 }}>{file.name}</Typography>
            <IconButton size="small" aria-label={`Remove ${file.name} from ${label}`} onClick={() => { set(files.filter(item => item.id !== file.id)) }}><DeleteIcon fontSize="small" /></IconButton>
          </Stack>
        ))}
      </Stack>
      <Button onClick={() => { setOpen(true) }}>{files.length === 0 ? `Choose ${label}` : multiple ? `Add to ${label}` : `Replace ${label}`}</Button>
      {open && <Picker open label={label} multiple={multiple} initial={files} onClose={() => { setOpen(false) }} onDone={chosen => { set(chosen); setOpen(false) }} />}
    </Box>
  )
}
