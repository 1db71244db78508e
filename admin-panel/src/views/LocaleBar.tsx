// A localized entry's locales: switch to an existing localization, open the form of a missing
// one, or fill this form from another locale's entry. The form of a new localization shows
// NewLocalizationBar instead: the locale it creates, and what it can be filled from.
import { useEffect, useState } from 'react'
import { MenuItem, Stack, TextField, Typography } from '@mui/material'
import { useRecordContext, useResourceContext } from 'react-admin'
import { useNavigate } from 'react-router-dom'
import { api } from '../api/http'
import { useLocales } from '../api/hooks'
import type { ContentTypeSchema } from '../api/schema'
import { FillFromLocale } from './FillFromLocale'
import type { Localization } from './FillFromLocale'

/** The other localizations of an entry: the admin API's entry lists them (`{ id, locale }`). */
function localizationsOf (entry: Record<string, unknown> | undefined): Localization[] {
  return Array.isArray(entry?.localizations) ? entry.localizations as Localization[] : []
}

export function LocaleBar ({ type }: { type: ContentTypeSchema }) {
  const record = useRecordContext()
  const resource = useResourceContext() ?? ''
  const locales = useLocales(true)
  const navigate = useNavigate()
  const localizations = localizationsOf(record)
  if (record === undefined) return null
  const current = String(record.locale ?? '')
  const existing = new Map(localizations.map(item => [item.locale, item.id]))
  const pick = (code: string) => {
    if (code === current) return
    const id = existing.get(code)
    navigate(id === undefined
      ? `/${resource}/create?locale=${encodeURIComponent(code)}&relatedEntityId=${encodeURIComponent(String(record.id))}`
      : `/${resource}/${id}`)
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
      {localizations.length > 0 && <FillFromLocale type={type} from={localizations} />}
      {localizations.length === 0 && <Typography variant="body2" color="text.secondary">No other locale yet</Typography>}
    </Stack>
  )
}

/** Above the empty form of a new localization of `relatedEntityId`: its locale, and the locales it can be filled from. */
export function NewLocalizationBar ({ type, locale, relatedEntityId }: { type: ContentTypeSchema, locale: string, relatedEntityId: string }) {
  const resource = useResourceContext() ?? ''
  const locales = useLocales(true)
  const [related, setRelated] = useState<{ id: number | string, locale: string, [field: string]: unknown } | undefined>(undefined)
  useEffect(() => {
    api<{ id: number | string, locale: string, [field: string]: unknown }>(`/${resource.split('/').map(encodeURIComponent).join('/')}/${encodeURIComponent(relatedEntityId)}`)
      .then(setRelated)
      .catch(() => { setRelated(undefined) })
  }, [resource, relatedEntityId])
  const others = localizationsOf(related)
  const from = related === undefined ? [] : [{ id: related.id, locale: related.locale }, ...others.filter(item => item.locale !== locale)]
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2, width: '100%' }}>
      <Typography>{`New localization: ${locales.find(item => item.code === locale)?.name ?? locale}`}</Typography>
      {from.length > 0 && <FillFromLocale type={type} from={from} />}
    </Stack>
  )
}
