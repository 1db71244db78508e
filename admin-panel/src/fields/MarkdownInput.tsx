// Rich text (Markdown) with a preview tab; react-markdown renders without raw HTML.
import { useState } from 'react'
import { Box, Tab, Tabs, TextField, Typography } from '@mui/material'
import Markdown from 'react-markdown'
import { useInput } from 'react-admin'

export function MarkdownInput ({ source, label }: { source: string, label: string }) {
  const { field, fieldState, id } = useInput({ source })
  const [tab, setTab] = useState<'write' | 'preview'>('write')
  return (
    <Box>
      <Tabs value={tab} onChange={(_event, next: 'write' | 'preview') => { setTab(next) }} aria-label={`${label}: write or preview`}>
        <Tab value="write" label="Write" />
        <Tab value="preview" label="Preview" />
      </Tabs>
      {tab === 'write'
        ? <TextField id={id} label={label} multiline minRows={5} fullWidth value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.invalid} helperText={fieldState.error?.message ?? 'Markdown'} />
        : (
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 120 }} aria-label={`${label} preview`}>
              {typeof field.value === 'string' && field.value !== '' ? <Markdown>{field.value}</Markdown> : <Typography color="text.secondary">Nothing to preview</Typography>}
            </Box>
          )}
    </Box>
  )
}
