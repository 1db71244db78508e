// A page of files as thumbnails; the media library and the media picker both show it.
import { Box, Card, CardActionArea, CardContent, CardMedia, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { fileUrl } from './file-url'
import type { MediaFile } from './file-url'

export function FileGrid ({ files, selected, onPick, actions }: { files: MediaFile[], selected?: Set<number>, onPick?: (file: MediaFile) => void, actions?: (file: MediaFile) => ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
      {files.map(file => {
        const image = file.mime?.startsWith('image/') === true
        const body = (
          <>
            {image ? <CardMedia component="img" height="110" image={fileUrl(file, 'thumbnail')} alt={file.alternativeText ?? file.name} sx={{ objectFit: 'cover' }} /> : <Box sx={{ height: 110, display: 'grid', placeItems: 'center', bgcolor: 'grey.200' }}>{file.mime ?? 'file'}</Box>}
            <CardContent sx={{ p: 1 }}><Typography variant="body2" noWrap title={file.name}>{file.name}</Typography></CardContent>
          </>
        )
        return (
          <Card key={file.id} variant="outlined" sx={{ borderColor: selected?.has(file.id) === true ? 'primary.main' : undefined, borderWidth: selected?.has(file.id) === true ? 2 : 1 }} data-file-id={file.id}>
            {onPick === undefined ? body : <CardActionArea onClick={() => { onPick(file) }} aria-pressed={selected?.has(file.id) === true} aria-label={`Pick ${file.name}`}>{body}</CardActionArea>}
            {actions?.(file)}
          </Card>
        )
      })}
    </Box>
  )
}
