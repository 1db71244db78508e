// Edit and create views of a collection type, and the locale bar of localized types.
import { Create, Edit, Loading, useRecordContext } from 'react-admin'
import type { RaRecord } from 'react-admin'
import { useSearchParams } from 'react-router-dom'
import { useConfiguration, useContentType } from '../api/hooks'
import type { TypeContext } from '../api/hooks'
import { isLocalized } from '../api/schema'
import { EntryError } from './EntryError'
import { EntryForm } from './EntryForm'
import { LocaleBar } from './LocaleBar'
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
    <Create transform={transform} title={`New ${context.type.info.displayName}${locale === undefined ? '' : ` (${locale})`}`} redirect="edit" record={fromLocale(params)}>
      <EntryForm type={context.type} components={context.components} configuration={configuration} entryId={undefined} />
    </Create>
  )
}

/** A localization created with "fill from another locale" starts from that entry's values (kept in history state). */
function fromLocale (params: URLSearchParams): RaRecord | undefined {
  const fill = params.get('fill')
  if (fill === null) return undefined
  try { return JSON.parse(sessionStorage.getItem(`fill:${fill}`) ?? 'null') as RaRecord ?? undefined } catch { return undefined }
}
