// A single type opens straight on its one entry's form; without an entry yet, an empty form
// whose save creates it (PUT creates a missing single type entry). The Super Admin has the way
// to "Configure the view" above the form.
import { Button, Edit, Link, Loading, TopToolbar, useGetOne, useResourceContext } from 'react-admin'
import SettingsIcon from '@mui/icons-material/Settings'
import type { RaRecord } from 'react-admin'
import { useConfiguration, useContentType } from '../api/hooks'
import { configurationPath, isLocalized } from '../api/schema'
import { useMayConfigureViews } from '../auth/permissions'
import { SINGLE_TYPE_ID } from '../api/data-provider'
import { EntryForm } from './EntryForm'
import { LocaleBar } from './LocaleBar'
import { writeBody } from './write-body'

export function SingleTypeEdit () {
  const context = useContentType()
  const resource = useResourceContext()
  const configuration = useConfiguration(context?.type.uid)
  const mayConfigure = useMayConfigureViews()
  const { error, isPending } = useGetOne(resource ?? '', { id: SINGLE_TYPE_ID }, { retry: false })
  if (context === undefined || configuration === undefined || isPending) return <Loading />
  const missing = (error as { status?: number } | null)?.status === 404
  return (
    <Edit
      id={SINGLE_TYPE_ID}
      mutationMode="pessimistic"
      redirect={false}
      title={context.type.info.displayName}
      transform={(data: RaRecord) => writeBody(data, context.type, context.components)}
      queryOptions={missing ? { enabled: false, placeholderData: { id: SINGLE_TYPE_ID } } : undefined}
      actions={mayConfigure === true ? <TopToolbar><Button component={Link} to={configurationPath(context.type)} label="Configure the view"><SettingsIcon /></Button></TopToolbar> : false}
    >
      <EntryForm type={context.type} components={context.components} configuration={configuration} entryId={undefined} header={isLocalized(context.type) && !missing ? <LocaleBar type={context.type} /> : undefined} />
    </Edit>
  )
}
