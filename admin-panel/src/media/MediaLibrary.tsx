// The media library: drag-and-drop (or pick) upload with progress, thumbnails a page at a
// time, edit a file's alternative text and caption, delete it.
import { useState } from 'react'
import { Box, Button, CardActions, LinearProgress, Pagination, Typography } from '@mui/material'
import { Title } from 'react-admin'
import { useQueryClient } from '@tanstack/react-query'
import { FileGrid } from './FileGrid'
import { FileDetails } from './FileDetails'
import type { MediaFile } from './file-url'
import { UploadZone } from './UploadZone'
import { FILE_PAGES_KEY, useFilePage } from './use-file-page'

export function MediaLibrary () {
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<MediaFile | null>(null)
  const { data } = useFilePage(page)
  // Deleting the only file of the last page leaves that page empty: show the new last page.
  const lastPage = Math.max(data?.pagination.pageCount ?? 1, 1)
  if (data !== undefined && page > lastPage) setPage(lastPage)
  const queryClient = useQueryClient()
  const reload = async () => { await queryClient.invalidateQueries({ queryKey: [FILE_PAGES_KEY] }) }

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Media library" />
      <UploadZone onUploaded={() => { setPage(1) }} />
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
