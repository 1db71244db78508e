// The media library: folders to open and make, drag-and-drop (or pick) upload into the folder
// shown with progress, its files' thumbnails a page at a time, edit a file's alternative text,
// caption and folder, replace its content, delete it.
import { useState } from 'react'
import { Box, Button, CardActions, LinearProgress, Pagination, Typography } from '@mui/material'
import { Title } from 'react-admin'
import { useQueryClient } from '@tanstack/react-query'
import { FileGrid } from './FileGrid'
import { FileDetails } from './FileDetails'
import { FolderBar } from './FolderBar'
import type { MediaFolder } from './folders-api'
import type { MediaFile } from './file-url'
import { UploadZone } from './UploadZone'
import { FILE_PAGES_KEY, useFilePage } from './use-file-page'

export function MediaLibrary () {
  const [page, setPage] = useState(1)
  const [trail, setTrail] = useState<MediaFolder[]>([])
  const folder = trail.at(-1)?.id ?? null
  const [editing, setEditing] = useState<MediaFile | null>(null)
  const { data } = useFilePage(page, folder)
  // Deleting the only file of the last page leaves that page empty: show the new last page.
  const lastPage = Math.max(data?.pagination.pageCount ?? 1, 1)
  if (data !== undefined && page > lastPage) setPage(lastPage)
  const queryClient = useQueryClient()
  const reload = async () => { await queryClient.invalidateQueries({ queryKey: [FILE_PAGES_KEY] }) }

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Media library" />
      <FolderBar trail={trail} onOpen={next => { setTrail(next); setPage(1) }} />
      <UploadZone folder={folder} onUploaded={() => { setPage(1) }} />
      {data === undefined ? <LinearProgress /> : data.results.length === 0 ? <Typography>{folder === null ? 'No file yet.' : 'No file in this folder.'}</Typography> : (
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
      {editing !== null && <FileDetails file={editing} folder={folder} onClose={() => { setEditing(null); reload().catch(() => {}) }} />}
    </Box>
  )
}
