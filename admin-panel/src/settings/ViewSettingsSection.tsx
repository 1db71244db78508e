// The list settings of "Configure the view": the entry title, the default sort, the page size,
// whether the list has a search box and bulk actions.
import { FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material'
import type { ViewDraft } from './view-draft'

export interface ViewSettingsSectionProps {
  settings: ViewDraft['settings']
  titleChoices: string[]
  sortChoices: string[]
  errors: Record<string, string>
  onChange: (settings: ViewDraft['settings']) => void
}

const PAGE_SIZES = [10, 20, 50, 100]

export function ViewSettingsSection ({ settings, titleChoices, sortChoices, errors, onChange }: ViewSettingsSectionProps) {
  const set = <K extends keyof ViewDraft['settings']>(key: K, value: ViewDraft['settings'][K]) => { onChange({ ...settings, [key]: value }) }
  const pageSizes = PAGE_SIZES.includes(settings.pageSize) ? PAGE_SIZES : [...PAGE_SIZES, settings.pageSize].sort((a, b) => a - b)
  const error = (key: string) => ({ error: errors[`settings.${key}`] !== undefined, helperText: errors[`settings.${key}`] })
  return (
    <Stack component="section" aria-labelledby="settings-heading" spacing={2}>
      <Typography id="settings-heading" variant="h6" component="h2">Settings</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select id="setting-main-field" label="Entry title" value={settings.mainField} onChange={event => { set('mainField', event.target.value) }} {...error('mainField')} sx={{ minWidth: 200 }}>
          {titleChoices.map(name => <MenuItem key={name} value={name}>{name}</MenuItem>)}
        </TextField>
        <TextField select id="setting-sort-by" label="Default sort" value={settings.defaultSortBy} onChange={event => { set('defaultSortBy', event.target.value) }} {...error('defaultSortBy')} sx={{ minWidth: 200 }}>
          {sortChoices.map(name => <MenuItem key={name} value={name}>{name}</MenuItem>)}
        </TextField>
        <TextField select id="setting-sort-order" label="Sort order" value={settings.defaultSortOrder} onChange={event => { set('defaultSortOrder', event.target.value === 'DESC' ? 'DESC' : 'ASC') }} {...error('defaultSortOrder')} sx={{ minWidth: 160 }}>
          <MenuItem value="ASC">Ascending</MenuItem>
          <MenuItem value="DESC">Descending</MenuItem>
        </TextField>
        <TextField select id="setting-page-size" label="Entries per page" value={settings.pageSize} onChange={event => { set('pageSize', Number(event.target.value)) }} {...error('pageSize')} sx={{ minWidth: 160 }}>
          {pageSizes.map(size => <MenuItem key={size} value={size}>{size}</MenuItem>)}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={2}>
        <FormControlLabel control={<Switch checked={settings.searchable} onChange={event => { set('searchable', event.target.checked) }} />} label="Search box" />
        <FormControlLabel control={<Switch checked={settings.bulkable} onChange={event => { set('bulkable', event.target.checked) }} />} label="Bulk actions" />
      </Stack>
    </Stack>
  )
}
