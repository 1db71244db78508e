// "Fill in from another locale": copies another locale's entry into the form (every attribute
// but the server's own, uids, passwords and relations, which differ per locale). Offered on a
// localized entry's form and on the empty form of a new localization.
import { MenuItem, TextField } from '@mui/material'
import { useNotify, useResourceContext } from 'react-admin'
import { useFormContext } from 'react-hook-form'
import { api } from '../api/http'
import type { ContentTypeSchema } from '../api/schema'
import { MANAGED_FIELDS } from '../api/schema'

export interface Localization { id: number | string, locale: string }

/** What a locale's entry gives another: component and zone items lose their ids (they are copies); media stay as they are. */
function fillable (entry: Record<string, unknown>, type: ContentTypeSchema): Record<string, unknown> {
  const strip = (value: unknown): unknown => Array.isArray(value) ? value.map(strip) : value !== null && typeof value === 'object' && !('url' in value) ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id').map(([key, inner]) => [key, strip(inner)])) : value
  return Object.fromEntries(Object.entries(type.attributes)
    .filter(([name, attribute]) => !(MANAGED_FIELDS as readonly string[]).includes(name) && !['relation', 'uid', 'password'].includes(attribute.type) && name in entry)
    .map(([name]) => [name, strip(entry[name])]))
}

export function FillFromLocale ({ type, from }: { type: ContentTypeSchema, from: Localization[] }) {
  const resource = useResourceContext() ?? ''
  const notify = useNotify()
  const { setValue } = useFormContext()
  const fill = (code: string) => {
    const source = from.find(item => item.locale === code)
    if (source === undefined) return
    api<Record<string, unknown>>(`/${resource.split('/').map(encodeURIComponent).join('/')}/${encodeURIComponent(String(source.id))}`)
      .then(entry => {
        for (const [name, value] of Object.entries(fillable(entry, type))) setValue(name, value, { shouldDirty: true })
        notify(`Filled in from ${code}`, { type: 'info' })
      })
      .catch((error: Error) => { notify(error.message, { type: 'error' }) })
  }
  return (
    <TextField select size="small" label="Fill in from another locale" value="" onChange={event => { fill(event.target.value) }} sx={{ minWidth: 240 }}>
      {from.map(item => <MenuItem key={item.locale} value={item.locale}>{item.locale}</MenuItem>)}
    </TextField>
  )
}
