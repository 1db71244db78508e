// A localized entry's locales: switch to an existing localization, create a missing one
// (optionally filled from this entry), or fill this form from another locale's entry.
import { useEffect, useState } from 'react'
import { MenuItem, Stack, TextField, Typography } from '@mui/material'
import { useNotify, useRecordContext, useResourceContext } from 'react-admin'
import { useNavigate } from 'react-router-dom'
import { useFormContext } from 'react-hook-form'
import { api } from '../api/http'
import { useLocales } from '../api/hooks'
import type { ContentTypeSchema } from '../api/schema'
import { MANAGED_FIELDS } from '../api/schema'
import { currentLinks } from '../fields/relation-api'

interface Localization { id: number | string, locale: string }

/** What a locale's entry gives another: every attribute but the server's own and relations (they differ per locale). */
function fillable (entry: Record<string, unknown>, type: ContentTypeSchema): Record<string, unknown> {
  const strip = (value: unknown): unknown => Array.isArray(value) ? value.map(strip) : value !== null && typeof value === 'object' && !('url' in value) ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id').map(([key, inner]) => [key, strip(inner)])) : value
  return Object.fromEntries(Object.entries(type.attributes)
    .filter(([name, attribute]) => !(MANAGED_FIELDS as readonly string[]).includes(name) && !['relation', 'uid', 'password'].includes(attribute.type) && name in entry)
    .map(([name]) => [name, strip(entry[name])]))
}

export function LocaleBar ({ type }: { type: ContentTypeSchema }) {
  const record = useRecordContext()
  const resource = useResourceContext() ?? ''
  const locales = useLocales(true)
  const navigate = useNavigate()
  const notify = useNotify()
  const { setValue } = useFormContext()
  const [localizations, setLocalizations] = useState<Localization[]>([])
  useEffect(() => {
    if (record === undefined) return
    if (Array.isArray(record.localizations)) { setLocalizations(record.localizations as Localization[]); return }
    currentLinks({ uid: type.uid, entryId: record.id, field: 'localizations', page: 1, toMany: true })
      .then(answer => { setLocalizations(answer.results as unknown as Localization[]) })
      .catch(() => { setLocalizations([]) })
  }, [record, type.uid])
  if (record === undefined) return null
  const current = String(record.locale ?? '')
  const existing = new Map(localizations.map(item => [item.locale, item.id]))
  const pick = (code: string) => {
    if (code === current) return
    const id = existing.get(code)
    if (id !== undefined) { navigate(`/${resource}/${id}`); return }
    const key = `${Date.now()}`
    sessionStorage.setItem(`fill:${key}`, JSON.stringify(fillable(record, type)))
    navigate(`/${resource}/create?locale=${encodeURIComponent(code)}&relatedEntityId=${encodeURIComponent(String(record.id))}&fill=${key}`)
  }
  const fillFrom = (code: string) => {
    const id = existing.get(code)
    if (id === undefined) return
    api<Record<string, unknown>>(`/${resource.split('/').map(encodeURIComponent).join('/')}/${encodeURIComponent(String(id))}`)
      .then(entry => { for (const [name, value] of Object.entries(fillable(entry, type))) setValue(name, value, { shouldDirty: true }); notify(`Filled from ${code}`, { type: 'info' }) })
      .catch((error: Error) => { notify(error.message, { type: 'error' }) })
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2, width: '100%' }}>
      <TextField select size="small" label="Locale" value={current} onChange={event => { pick(event.target.value) }} sx={{ minWidth: 200 }}>
        {locales.map(locale => (
          <MenuItem key={locale.code} value={locale.code}>
            {locale.name}
            {locale.code !== current && !existing.has(locale.code) ? ' (create)' : ''}
          </MenuItem>
        ))}
      </TextField>
      {localizations.length > 0 && (
        <TextField select size="small" label="Fill in from another locale" value="" onChange={event => { fillFrom(event.target.value) }} sx={{ minWidth: 240 }}>
          {localizations.map(item => <MenuItem key={item.locale} value={item.locale}>{item.locale}</MenuItem>)}
        </TextField>
      )}
      {localizations.length === 0 && <Typography variant="body2" color="text.secondary">No other locale yet</Typography>}
    </Stack>
  )
}
