// The media library: drag-and-drop (or pick) upload with progress, thumbnails a page at a
// time, edit a file's alternative text and caption, replace its content, delete it.
import { useState } from 'react'
import type { DragEvent } from 'react'
import { Box, Button, CardActions, LinearProgress, Pagination, Typography } from '@mui/material'
import { Title, useNotify } from 'react-admin'
import { useQueryClient } from '@tanstack/react-query'
import { FileGrid } from './FileGrid'
import { FileDetails } from './FileDetails'
import type { MediaFile } from './file-url'
import { uploadFile } from './files-api'
import { useFilePage } from './use-file-page'

interface Progress { name: string, fraction: number }

export function MediaLibrary () {
  const [page, setPage] = useState(1)
  const [progress, setProgress] = useState<Progress[]>([])
  const [dragging, setDragging] = useState(false)
  const [editing, setEditing] = useState<MediaFile | null>(null)
  const { data } = useFilePage(page)
  const queryClient = useQueryClient()
  const notify = useNotify()
  const reload = async () => { await queryClient.invalidateQueries({ queryKey: ['upload-files'] }) }

  const upload = (files: File[]) => {
    setProgress(files.map(file => ({ name: file.name, fraction: 0 })))
    Promise.all(files.map((file, index) => uploadFile(file, {
      onProgress: fraction => { setProgress(current => current.map((item, at) => at === index ? { ...item, fraction } : item)) }
    })))
      .then(async stored => { notify(`${stored.length} ${stored.length === 1 ? 'file' : 'files'} uploaded`, { type: 'success' }); setPage(1); await reload() })
      .catch((error: Error) => { notify(error.message, { type: 'error' }) })
      .finally(() => { setProgress([]) })
  }
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    upload([...event.dataTransfer.files])
  }

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Media library" />
      <Box
        onDragOver={event => { event.preventDefault(); setDragging(true) }}
        onDragLeave={() => { setDragging(false) }}
        onDrop={drop}
        sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 2, p: 3, textAlign: 'center', mb: 2 }}
        aria-label="Drop files here to upload"
      >
        <Typography sx={{ mb: 1 }}>Drop files here, or</Typography>
        <Button variant="contained" component="label">
          Choose files to upload
          <input hidden multiple type="file" aria-label="Files to upload" onChange={event => { upload([...(event.target.files ?? [])]); event.target.value = '' }} />
        </Button>
        {progress.map(item => (
          <Box key={item.name} sx={{ mt: 1 }}>
            <Typography variant="caption">{item.name}</Typography>
            <LinearProgress variant="determinate" value={Math.round(item.fraction * 100)} aria-label={`Uploading ${item.name}`} />
          </Box>
        ))}
      </Box>
      {data === undefined ? <LinearProgress /> : data.results.length === 0 ? <Typography>No file yet.</Typography> : (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {data.pagination.total}
            {' '}
            {data.pagination.total === 1 ? 'file' : 'files'}
          </Typography>
          <FileGrid files={data.results} actions={file => <CardActions><Button size="small" onClick={() => { setEditing(file) }} aria-label={`Edit ${file.name}`}>Edit</Button></CardActions>} />
          {data.pagination.pageCount > 1 && <Pagination sx={{ mt: 2 }} count={data.pagination.pageCount} page={page} onChange={(_event, next) => { setPage(next) }} />}
        </>
      )}
      {editing !== null && <FileDetails file={editing} onClose={() => { setEditing(null); reload().catch(() => {}) }} />}
    </Box>
  )
}
