// The edit/create form of one type, generated from its schema and its configuration's edit
// layout: rows of labelled inputs (the configuration's descriptions under them), a toolbar to
// save, publish and unpublish, a warning before leaving with unsaved changes (LeaveGuard: in
// the app and on closing the tab), and Ctrl/Cmd+S to save.
import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { Grid } from '@mui/material'
import { SimpleForm } from 'react-admin'
import { useFormContext } from 'react-hook-form'
import type { ComponentSchema, Configuration, ContentTypeSchema } from '../api/schema'
import { AttributeInput } from '../fields/AttributeInput'
import { FormSchemaProvider } from '../fields/form-schema'
import { labelOf } from '../api/hooks'
import { EntryToolbar } from './EntryToolbar'
import { LeaveGuard } from './LeaveGuard'

/** Saves on Ctrl/Cmd+S. */
function SaveKeys () {
  const form = useFormContext()
  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault()
        document.querySelector<HTMLButtonElement>('form [type="submit"]')?.click()
      }
    }
    window.addEventListener('keydown', keydown)
    return () => { window.removeEventListener('keydown', keydown) }
  }, [form])
  return null
}

export interface EntryFormProps {
  type: ContentTypeSchema
  components: Map<string, ComponentSchema>
  configuration: Configuration
  entryId: number | string | undefined
  /** Shown above the inputs, inside the form (the locale bar). */
  header?: ReactNode
}

export function EntryForm ({ type, components, configuration, entryId, header }: EntryFormProps) {
  const rows = configuration.layouts.edit
  return (
    <FormSchemaProvider value={{ type, components, configuration, entryId }}>
      <SimpleForm toolbar={<EntryToolbar type={type} />} sx={{ maxWidth: 1200 }}>
        <LeaveGuard />
        <SaveKeys />
        {header}
        <Grid container spacing={2} sx={{ width: '100%' }}>
          {rows.flat().filter(cell => type.attributes[cell.name] !== undefined && configuration.metadatas[cell.name]?.edit?.visible !== false).map(cell => (
            <Grid key={cell.name} size={{ xs: 12, md: cell.size }}>
              <AttributeInput source={cell.name} name={cell.name} attribute={type.attributes[cell.name]!} label={labelOf(configuration, cell.name)} description={configuration.metadatas[cell.name]?.edit?.description ?? ''} disabled={configuration.metadatas[cell.name]?.edit?.editable === false} />
            </Grid>
          ))}
        </Grid>
      </SimpleForm>
    </FormSchemaProvider>
  )
}
