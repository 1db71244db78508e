// Edit and create views of a collection type, and the locale bar of localized types.
import { Create, Edit, Loading, useRecordContext } from 'react-admin'
import type { RaRecord } from 'react-admin'
import { useSearchParams } from 'react-router-dom'
import { useConfiguration, useContentType } from '../api/hooks'
import type { TypeContext } from '../api/hooks'
import { isLocalized } from '../api/schema'
import { EntryError } from './EntryError'
import { EntryForm } from './EntryForm'
import { LocaleBar, NewLocalizationBar } from './LocaleBar'
import { writeBody } from './write-body'

function transformer (context: TypeContext) {
  return (data: RaRecord) => writeBody(data, context.type, context.components)
}

function EditForm ({ context }: { context: TypeContext }) {
  const record = useRecordContext()
  const configuration = useConfiguration(context.type.uid)
  if (configuration === undefined || record === undefined) return <Loading />
  return (
    <EntryForm type={context.type} components={context.components} configuration={configuration} entryId={record.id} header={isLocalized(context.type) ? <LocaleBar type={context.type} /> : undefined} />
  )
}

export function EntryEdit () {
  const context = useContentType()
  if (context === undefined) return <Loading />
  return (
    <Edit
      mutationMode="pessimistic"
      transform={transformer(context)}
      title={context.type.info.displayName}
      redirect={false}
      // A refused or missing entry is explained in place (EntryError), not by a notice and a jump back to the list.
      queryOptions={{ onError: () => undefined }}
      error={<EntryError />}
    >
      <EditForm context={context} />
    </Edit>
  )
}

export function EntryCreate () {
  const context = useContentType()
  const configuration = useConfiguration(context?.type.uid)
  const [params] = useSearchParams()
  if (context === undefined || configuration === undefined) return <Loading />
  const locale = params.get('locale') ?? undefined
  const relatedEntityId = params.get('relatedEntityId') ?? undefined
  const transform = (data: RaRecord) => ({ ...transformer(context)(data), locale, relatedEntityId })
  return (
    <Create transform={transform} title={`New ${context.type.info.displayName}${locale === undefined ? '' : ` (${locale})`}`} redirect="edit">
      <EntryForm type={context.type} components={context.components} configuration={configuration} entryId={undefined} header={locale !== undefined && relatedEntityId !== undefined ? <NewLocalizationBar type={context.type} locale={locale} relatedEntityId={relatedEntityId} /> : undefined} />
    </Create>
  )
}
