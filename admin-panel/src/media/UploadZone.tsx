// Uploading files: a drop zone and a file button, progress per file, the file pages reloaded
// after. The media library page and the media picker of the edit form both show it.
import { useState } from 'react'
import type { DragEvent } from 'react'
import { Box, Button, LinearProgress, Typography } from '@mui/material'
import { useNotify } from 'react-admin'
import { useQueryClient } from '@tanstack/react-query'
import type { MediaFile } from './file-url'
import { uploadFile } from './files-api'
import { FILE_PAGES_KEY } from './use-file-page'

interface Progress { name: string, fraction: number }

/** `folder`: where the files go (absent or null: the root). */
export function UploadZone ({ multiple = true, folder, onUploaded }: { multiple?: boolean, folder?: number | null, onUploaded: (files: MediaFile[]) => void }) {
  const [progress, setProgress] = useState<Progress[]>([])
  const [dragging, setDragging] = useState(false)
  const queryClient = useQueryClient()
  const notify = useNotify()

  const upload = (files: File[]) => {
    if (files.length === 0) return
    setProgress(files.map(file => ({ name: file.name, fraction: 0 })))
    Promise.all(files.map((file, index) => uploadFile(file, {
      ...(folder === undefined ? {} : { folder }),
      onProgress: fraction => { setProgress(current => current.map((item, at) => at === index ? { ...item, fraction } : item)) }
    })))
      .then(async stored => {
        notify(`${stored.length} ${stored.length === 1 ? 'file' : 'files'} uploaded`, { type: 'success' })
        await queryClient.invalidateQueries({ queryKey: [FILE_PAGES_KEY] })
        onUploaded(stored)
      })
      .catch((error: Error) => { notify(error.message, { type: 'error' }) })
      .finally(() => { setProgress([]) })
  }
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const files = [...event.dataTransfer.files]
    upload(multiple ? files : files.slice(0, 1))
  }

  return (
    <Box
      onDragOver={event => { event.preventDefault(); setDragging(true) }}
      onDragLeave={() => { setDragging(false) }}
      onDrop={drop}
      sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 2, p: 3, textAlign: 'center', mb: 2 }}
      aria-label="Drop files here to upload"
    >
      <Typography sx={{ mb: 1 }}>Drop files here, or</Typography>
      <Button variant="contained" component="label">
        {multiple ? 'Choose files to upload' : 'Choose a file to upload'}
        <input hidden multiple={multiple} type="file" aria-label="Files to upload" onChange={event => { upload([...(event.target.files ?? [])]); event.target.value = '' }} />
      </Button>
      {progress.map(item => (
        <Box key={item.name} sx={{ mt: 1 }}>
          <Typography variant="caption">{item.name}</Typography>
          <LinearProgress variant="determinate" value={Math.round(item.fraction * 100)} aria-label={`Uploading ${item.name}`} />
        </Box>
      ))}
    </Box>
  )
}
