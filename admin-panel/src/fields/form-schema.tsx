// What an input deep in a form needs about the entry being edited: its type, the components,
// the entry's id, the configuration (labels, relations' main fields). Given once by the form.
import { createContext, useContext } from 'react'
import type { ComponentSchema, Configuration, ContentTypeSchema } from '../api/schema'

export interface FormSchema {
  type: ContentTypeSchema
  components: Map<string, ComponentSchema>
  configuration: Configuration
  entryId: number | string | undefined
}

const FormSchemaContext = createContext<FormSchema | null>(null)

export const FormSchemaProvider = FormSchemaContext.Provider

export function useFormSchema (): FormSchema {
  const schema = useContext(FormSchemaContext)
  if (schema === null) throw new Error('An attribute input is used outside an entry form')
  return schema
}
