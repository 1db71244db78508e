// "Configure the view" of a collection type (Strapi's content manager has it beside the list):
// the list settings, the list columns and the edit layout, saved whole with
// PUT .../content-types/:uid/configuration. Only the Super Admin has the way here; anyone else
// following a link is told so (and the server refuses the PUT anyway). The server's refusals
// are shown at the inputs they name.
import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material'
import { HttpError, Link, Loading, Title, useNotify } from 'react-admin'
import { api } from '../api/http'
import { useConfiguration, useContentManagerInit } from '../api/hooks'
import { resourceOf } from '../api/schema'
import type { ConfigurationAnswer } from '../api/schema'
import { useMayConfigureViews } from '../auth/permissions'
import { attributeNames, bodyOf, draftOf, inputKeyOf, isListable, isSortable, isTitle } from './view-draft'
import type { ViewDraft } from './view-draft'
import { ViewSettingsSection } from './ViewSettingsSection'
import { ListColumnsSection } from './ListColumnsSection'
import { EditLayoutSection } from './EditLayoutSection'

interface Refusal { general: string[], byInput: Record<string, string> }

const NO_REFUSAL: Refusal = { general: [], byInput: {} }

/** The server's issues by the input each names; those no input holds, with their message alone. */
function refusalOf (error: unknown, body: ReturnType<typeof bodyOf>): Refusal {
  if (!(error instanceof HttpError)) return { general: [(error as Error).message], byInput: {} }
  const issues = (error.body as { error?: { details?: { errors?: Array<{ path?: Array<string | number>, message?: string }> } } } | undefined)?.error?.details?.errors ?? []
  if (issues.length === 0) return { general: [error.message], byInput: {} }
  const refusal: Refusal = { general: [], byInput: {} }
  for (const issue of issues) {
    const key = inputKeyOf(issue.path ?? [], body)
    const message = issue.message ?? 'Invalid value'
    if (key === null) refusal.general.push(message)
    else refusal.byInput[key] = message
  }
  return refusal
}

export function ConfigureView () {
  const { uid = '' } = useParams()
  const init = useContentManagerInit()
  const type = init?.contentTypes.find(candidate => candidate.uid === uid && candidate.kind === 'collectionType')
  const configuration = useConfiguration(type?.uid)
  const mayConfigure = useMayConfigureViews()
  const queryClient = useQueryClient()
  const notify = useNotify()
  const [draft, setDraft] = useState<ViewDraft | undefined>()
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL)
  const [saving, setSaving] = useState(false)
  useEffect(() => { if (configuration !== undefined && draft === undefined) setDraft(draftOf(configuration)) }, [configuration, draft])

  if (init !== undefined && type === undefined) return <Alert severity="error" role="alert">{`No collection type ${uid}`}</Alert>
  if (mayConfigure === false) return <Alert severity="error" role="alert">You are not allowed to configure this view</Alert>
  if (type === undefined || configuration === undefined || mayConfigure === undefined || draft === undefined) return <Loading />

  const save = () => {
    const body = bodyOf(draft)
    setSaving(true)
    api<ConfigurationAnswer>(`/content-manager/content-types/${encodeURIComponent(type.uid)}/configuration`, { method: 'PUT', body })
      .then(answer => {
        queryClient.setQueryData(['configuration', type.uid], answer.data.contentType)
        setDraft(draftOf(answer.data.contentType))
        setRefusal(NO_REFUSAL)
        notify('The view is saved', { type: 'success' })
      })
      .catch((error: unknown) => {
        setRefusal(refusalOf(error, body))
        notify('The view was not saved: see the fields marked', { type: 'error' })
      })
      .finally(() => { setSaving(false) })
  }
  const sortable = new Set(attributeNames(type, configuration, (_, attribute) => isSortable(attribute)))
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`Configure the view: ${type.info.displayName}`} />
      <CardContent>
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
            <Typography variant="h5" component="h1">{`Configure the view of ${type.info.displayName}`}</Typography>
            <Button component={Link} to={`/${resourceOf(type)}`}>Back to the list</Button>
          </Stack>
          {refusal.general.map(message => <Alert key={message} severity="error" role="alert">{message}</Alert>)}
          <ViewSettingsSection
            settings={draft.settings}
            titleChoices={attributeNames(type, configuration, (_, attribute) => isTitle(attribute))}
            sortChoices={[...sortable]}
            errors={refusal.byInput}
            onChange={settings => { setDraft({ ...draft, settings }) }}
          />
          <ListColumnsSection
            columns={draft.columns}
            listable={attributeNames(type, configuration, isListable)}
            sortable={sortable}
            errors={refusal.byInput}
            onChange={columns => { setDraft({ ...draft, columns }) }}
          />
          <EditLayoutSection fields={draft.fields} errors={refusal.byInput} onChange={fields => { setDraft({ ...draft, fields }) }} />
          <Stack direction="row">
            <Button variant="contained" onClick={save} disabled={saving}>Save the view</Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  )
}
