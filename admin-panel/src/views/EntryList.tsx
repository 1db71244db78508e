// A collection type's list: the configured columns, search (_q, unless the configuration turns
// it off), sort by column, paging, the draft/published badge, a locale picker for localized
// types, bulk delete and bulk publish (each only when the role may; on a phone too, with a
// checkbox per line), and the way to "Configure the view" for the Super Admin.
import { BooleanField, BulkDeleteButton, Button, CreateButton, Datagrid, DateField, FunctionField, Link, List, Loading, SearchInput, SelectInput, TextField, TopToolbar } from 'react-admin'
import type { RaRecord } from 'react-admin'
import { useMediaQuery } from '@mui/material'
import SettingsIcon from '@mui/icons-material/Settings'
import type { Theme } from '@mui/material'
import { labelOf, useConfiguration, useContentType, useLocales } from '../api/hooks'
import { configurationPath, hasDraftAndPublish, isLocalized } from '../api/schema'
import type { Attribute, Configuration } from '../api/schema'
import { StatusBadge } from './StatusBadge'
import { BulkPublishButton } from './BulkPublishButton'
import { useEntryActions, useMayConfigureViews } from '../auth/permissions'
import { PhoneList } from './PhoneList'
import { fileUrl } from '../media/file-url'
import type { MediaFile } from '../media/file-url'

function cell (name: string, attribute: Attribute | undefined, configuration: Configuration) {
  const label = labelOf(configuration, name, 'list')
  const sortable = name === 'id' || configuration.metadatas[name]?.list?.sortable !== false
  const common = { key: name, source: name, label, sortable }
  switch (attribute?.type) {
    case 'boolean': return <BooleanField {...common} />
    case 'date': return <DateField {...common} />
    case 'datetime': case 'timestamp': return <DateField {...common} showTime />
    case 'relation': {
      const mainField = configuration.metadatas[name]?.edit?.mainField ?? 'id'
      return (
        <FunctionField
          {...common}
          sortable={false}
          render={(record: RaRecord) => {
            const value = record[name] as { count?: number, id?: number, [key: string]: unknown } | null | undefined
            if (value === null || value === undefined) return '-'
            if (typeof value.count === 'number') return `${value.count} ${value.count === 1 ? 'entry' : 'entries'}`
            return String(value[mainField] ?? value.id)
          }}
        />
      )
    }
    case 'media': return (
      <FunctionField
        {...common}
        sortable={false}
        render={(record: RaRecord) => {
          const value = record[name] as MediaFile | MediaFile[] | null
          const first = Array.isArray(value) ? value[0] : value
          return first === undefined || first === null ? '-' : <img src={fileUrl(first, 'thumbnail')} alt={first.alternativeText ?? first.name} style={{ height: 32, width: 32, objectFit: 'cover' }} />
        }}
      />
    )
    case 'json': case 'component': case 'dynamiczone': case 'blocks':
      return <FunctionField {...common} sortable={false} render={(record: RaRecord) => JSON.stringify(record[name] ?? null).slice(0, 40)} />
    default: return <TextField {...common} />
  }
}

export function EntryList () {
  const context = useContentType()
  const configuration = useConfiguration(context?.type.uid)
  const localized = context !== undefined && isLocalized(context.type)
  const locales = useLocales(localized)
  const small = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'))
  const actions = useEntryActions(context?.type.uid)
  const mayConfigure = useMayConfigureViews()
  if (context === undefined || configuration === undefined || actions === undefined || (localized && locales.length === 0)) return <Loading />
  const { type } = context
  const defaultLocale = locales.find(locale => locale.isDefault)?.code ?? locales[0]?.code
  const filters = configuration.settings.searchable
    ? [<SearchInput key="_q" source="_q" alwaysOn placeholder="Search" inputProps={{ 'aria-label': 'Search' }} />]
    : []
  if (localized) filters.push(<SelectInput key="locale" source="locale" label="Locale" alwaysOn emptyText="All locales" choices={locales.map(locale => ({ id: locale.code, name: locale.name }))} />)
  const columns = configuration.layouts.list.filter(name => name !== 'publishedAt')
  const drafts = hasDraftAndPublish(type)
  // Only the buttons of what the role may do (the Author never publishes).
  const mayPublish = drafts && actions.has('publish')
  const mayDelete = actions.has('delete')
  const mainField = configuration.settings.mainField
  const bulkActions = configuration.settings.bulkable && (mayPublish || mayDelete)
    ? (
        <>
          {mayPublish && <BulkPublishButton publishing />}
          {mayPublish && <BulkPublishButton publishing={false} />}
          {mayDelete && <BulkDeleteButton mutationMode="pessimistic" />}
        </>
      )
    : false
  const toolbar = (
    <TopToolbar>
      {actions.has('create') && <CreateButton />}
      {mayConfigure === true && <Button component={Link} to={configurationPath(type)} label="Configure the view"><SettingsIcon /></Button>}
    </TopToolbar>
  )
  return (
    <List
      title={type.info.displayName}
      actions={toolbar}
      sort={{ field: configuration.settings.defaultSortBy, order: configuration.settings.defaultSortOrder }}
      perPage={configuration.settings.pageSize}
      filters={filters}
      filterDefaultValues={localized && defaultLocale !== undefined ? { locale: defaultLocale } : {}}
    >
      {small
        ? <PhoneList title={(record: RaRecord) => String(record[mainField] ?? record.id)} status={drafts ? (record: RaRecord) => record.publishedAt === null ? 'Draft' : 'Published' : undefined} bulkActions={bulkActions} />
        : (
            <Datagrid rowClick="edit" bulkActionButtons={bulkActions}>
              {columns.map(name => cell(name, type.attributes[name], configuration))}
              {drafts && <FunctionField label="Status" sortBy="publishedAt" render={(record: RaRecord) => <StatusBadge published={record.publishedAt !== null && record.publishedAt !== undefined} />} />}
            </Datagrid>
          )}
    </List>
  )
}
