// JSON as text: the form keeps the parsed value, and refuses to save while the text is not JSON.
import { useRef, useState } from 'react'
import { TextField } from '@mui/material'
import { useInput } from 'react-admin'

export function JsonInput ({ source, label }: { source: string, label: string }) {
  const invalid = useRef(false)
  const { field, fieldState, id } = useInput({ source, validate: () => invalid.current ? 'Invalid JSON' : undefined })
  const [text, setText] = useState(() => field.value === undefined || field.value === null || field.value === '' ? '' : JSON.stringify(field.value, null, 2))
  const change = (next: string) => {
    setText(next)
    try {
      field.onChange(next.trim() === '' ? null : JSON.parse(next))
      invalid.current = false
    } catch {
      invalid.current = true
      field.onChange(field.value)
    }
  }
  return (
    <TextField
      id={id}
      label={label}
      value={text}
      onChange={event => { change(event.target.value) }}
      onBlur={field.onBlur}
      multiline
      minRows={3}
      fullWidth
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? ' '}
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
    />
  )
}
