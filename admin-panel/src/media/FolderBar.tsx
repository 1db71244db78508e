// The folders of the media library's current folder: the way back up, each subfolder to open,
// and a new folder made here.
import { useState } from 'react'
import { Box, Breadcrumbs, Button, Chip, Link, TextField } from '@mui/material'
import { useNotify } from 'react-admin'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createFolder, listFolders } from './folders-api'
import type { MediaFolder } from './folders-api'

export const FOLDERS_KEY = 'upload-folders'

/** `trail`: the folders from the root down to the one shown (empty: the root). */
export function FolderBar ({ trail, onOpen }: { trail: MediaFolder[], onOpen: (trail: MediaFolder[]) => void }) {
  const current = trail.at(-1) ?? null
  const [name, setName] = useState('')
  const notify = useNotify()
  const queryClient = useQueryClient()
  const { data } = useQuery({ queryKey: [FOLDERS_KEY, current?.id ?? null], queryFn: async () => await listFolders(current?.id ?? null) })
  const create = () => {
    createFolder(name.trim(), current?.id ?? null)
      .then(async () => { setName(''); await queryClient.invalidateQueries({ queryKey: [FOLDERS_KEY] }) })
      .catch((error: Error) => { notify(error.message, { type: 'error' }) })
  }
  return (
    <Box sx={{ mb: 2 }}>
      <Breadcrumbs aria-label="Folder path" sx={{ mb: 1 }}>
        <Link component="button" onClick={() => { onOpen([]) }}>Media library</Link>
        {trail.map((folder, index) => <Link key={folder.id} component="button" onClick={() => { onOpen(trail.slice(0, index + 1)) }}>{folder.name}</Link>)}
      </Breadcrumbs>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {(data ?? []).map(folder => <Chip key={folder.id} label={folder.name} onClick={() => { onOpen([...trail, folder]) }} aria-label={`Open folder ${folder.name}`} />)}
        <TextField size="small" label="New folder" value={name} onChange={event => { setName(event.target.value) }} />
        <Button onClick={create} disabled={name.trim() === ''}>Create folder</Button>
      </Box>
    </Box>
  )
}
