import { Chip } from '@mui/material'

export function StatusBadge ({ published }: { published: boolean }) {
  return <Chip size="small" label={published ? 'Published' : 'Draft'} color={published ? 'success' : 'info'} variant="outlined" />
}
