// "Configure the view" (Strapi's content manager has it beside a collection type's list, on a
// single type's edit view, and for each component): for a collection type the list settings,
// the list columns and the edit layout; for a single type and a component the edit layout only
// (they have no list). Saved whole with PUT .../content-types/:uid/configuration or
// .../components/:uid/configuration. Only the Super Admin has the way here; anyone else
// following a link is told so (and the server refuses the PUT anyway). The server's refusals
// are shown at the inputs they name.
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material'
import { HttpError, Link, Loading, Title, useNotify } from 'react-admin'
import { api } from '../api/http'
import { useComponentConfiguration, useConfiguration, useContentManagerInit } from '../api/hooks'
import { componentConfigurationPath, resourceOf } from '../api/schema'
import type { ComponentSchema, Configuration, ContentManagerInit, ContentTypeSchema } from '../api/schema'
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

export type ConfigurableKind = 'collectionType' | 'singleType' | 'component'

/** What the screen configures: a content type of `kind`, or a component; undefined when `uid` names none. */
function subjectOf (init: ContentManagerInit, kind: ConfigurableKind, uid: string): ContentTypeSchema | ComponentSchema | undefined {
  if (kind === 'component') return init.components.find(candidate => candidate.uid === uid)
  return init.contentTypes.find(candidate => candidate.uid === uid && candidate.kind === kind)
}

/** The components `subject`'s fields hold directly (a component field, a zone's choices), each once. */
function heldComponents (init: ContentManagerInit, subject: ContentTypeSchema | ComponentSchema): ComponentSchema[] {
  const uids = new Set(Object.values(subject.attributes).flatMap(attribute => attribute.type === 'component' ? [attribute.component ?? ''] : attribute.type === 'dynamiczone' ? attribute.components ?? [] : []))
  return init.components.filter(component => uids.has(component.uid))
}

const NOUN: Record<ConfigurableKind, string> = { collectionType: 'collection type', singleType: 'single type', component: 'component' }

async function saveConfiguration (kind: ConfigurableKind, uid: string, body: ReturnType<typeof bodyOf>): Promise<Configuration> {
  const path = kind === 'component' ? 'components' : 'content-types'
  const answer = await api<{ data: { contentType?: Configuration, component?: Configuration } }>(`/content-manager/${path}/${encodeURIComponent(uid)}/configuration`, { method: 'PUT', body })
  return (answer.data.contentType ?? answer.data.component)!
}

export function ConfigureView ({ kind }: { kind: ConfigurableKind }) {
  const { uid = '' } = useParams()
  // A screen per subject: going from a type's screen to a component's starts from its own draft.
  return <ConfigureScreen key={`${kind}:${uid}`} kind={kind} uid={uid} />
}

function ConfigureScreen ({ kind, uid }: { kind: ConfigurableKind, uid: string }) {
  const init = useContentManagerInit()
  const subject = init === undefined ? undefined : subjectOf(init, kind, uid)
  const typeConfiguration = useConfiguration(kind === 'component' ? undefined : subject?.uid)
  const componentConfiguration = useComponentConfiguration(kind === 'component' ? subject?.uid : undefined)
  const configuration = kind === 'component' ? componentConfiguration : typeConfiguration
  const mayConfigure = useMayConfigureViews()
  const queryClient = useQueryClient()
  const notify = useNotify()
  const navigate = useNavigate()
  const [draft, setDraft] = useState<ViewDraft | undefined>()
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL)
  const [saving, setSaving] = useState(false)
  useEffect(() => { if (configuration !== undefined && draft === undefined) setDraft(draftOf(configuration)) }, [configuration, draft])

  if (init !== undefined && subject === undefined) return <Alert severity="error" role="alert">{`No ${NOUN[kind]} ${uid}`}</Alert>
  if (mayConfigure === false) return <Alert severity="error" role="alert">You are not allowed to configure this view</Alert>
  if (init === undefined || subject === undefined || configuration === undefined || mayConfigure === undefined || draft === undefined) return <Loading />

  const save = () => {
    const body = bodyOf(draft)
    setSaving(true)
    saveConfiguration(kind, subject.uid, body)
      .then(saved => {
        queryClient.setQueryData([kind === 'component' ? 'component-configuration' : 'configuration', subject.uid], saved)
        setDraft(draftOf(saved))
        setRefusal(NO_REFUSAL)
        notify('The view is saved', { type: 'success' })
      })
      .catch((error: unknown) => {
        setRefusal(refusalOf(error, body))
        notify('The view was not saved: see the fields marked', { type: 'error' })
      })
      .finally(() => { setSaving(false) })
  }
  const type = subject as ContentTypeSchema
  const sortable = new Set(attributeNames(type, configuration, (_, attribute) => isSortable(attribute)))
  const components = heldComponents(init, subject)
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`Configure the view: ${subject.info.displayName}`} />
      <CardContent>
        <Stack spacing={3}>
          <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
            <Typography variant="h5" component="h1">{`Configure the view of ${subject.info.displayName}`}</Typography>
            {kind === 'component'
              ? <Button onClick={() => { void navigate(-1) }}>Back</Button>
              : <Button component={Link} to={`/${resourceOf(type)}`}>{kind === 'collectionType' ? 'Back to the list' : 'Back to the entry'}</Button>}
          </Stack>
          {refusal.general.map(message => <Alert key={message} severity="error" role="alert">{message}</Alert>)}
          {kind === 'collectionType' && (
            <>
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
            </>
          )}
          <EditLayoutSection fields={draft.fields} errors={refusal.byInput} onChange={fields => { setDraft({ ...draft, fields }) }} />
          <Stack direction="row">
            <Button variant="contained" onClick={save} disabled={saving}>Save the view</Button>
          </Stack>
          {components.length > 0 && (
            <Stack component="section" aria-labelledby="components-heading" spacing={1}>
              <Typography id="components-heading" variant="h6" component="h2">Components</Typography>
              {components.map(component => (
                <Button key={component.uid} component={Link} to={componentConfigurationPath(component.uid)} sx={{ alignSelf: 'flex-start' }}>
                  {`Configure the view of ${component.info.displayName}`}
                </Button>
              ))}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}
