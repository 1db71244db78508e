// What the views know about a type: its schema (from the content manager's init, kept as the
// authProvider's permissions), its configuration and the locales, each fetched once and cached.
import { useQuery } from '@tanstack/react-query'
import { usePermissions, useResourceContext } from 'react-admin'
import { api } from './http'
import type { ComponentSchema, Configuration, ConfigurationAnswer, ContentManagerInit, ContentTypeSchema, Locale } from './schema'
import { uidOfResource } from './schema'

export interface TypeContext {
  resource: string
  type: ContentTypeSchema
  components: Map<string, ComponentSchema>
}

export function useContentManagerInit (): ContentManagerInit | undefined {
  const { permissions } = usePermissions<ContentManagerInit | null>()
  return permissions ?? undefined
}

export function useContentType (): TypeContext | undefined {
  const resource = useResourceContext()
  const init = useContentManagerInit()
  if (resource === undefined || init === undefined) return undefined
  const uid = uidOfResource(resource)
  const type = init.contentTypes.find(candidate => candidate.uid === uid)
  if (type === undefined) return undefined
  return { resource, type, components: new Map(init.components.map(component => [component.uid, component])) }
}

export function useConfiguration (uid: string | undefined): Configuration | undefined {
  const { data } = useQuery({
    queryKey: ['configuration', uid],
    enabled: uid !== undefined,
    staleTime: 60_000,
    queryFn: async () => (await api<ConfigurationAnswer>(`/content-manager/content-types/${encodeURIComponent(uid ?? '')}/configuration`)).data.contentType
  })
  return data
}

/** A component's own configuration (its labels, descriptions and edit layout). */
export function useComponentConfiguration (uid: string | undefined): Configuration | undefined {
  const { data } = useQuery({
    queryKey: ['component-configuration', uid],
    enabled: uid !== undefined,
    staleTime: 60_000,
    queryFn: async () => (await api<{ data: { component: Configuration } }>(`/content-manager/components/${encodeURIComponent(uid ?? '')}/configuration`)).data.component
  })
  return data
}

export function useLocales (enabled: boolean): Locale[] {
  const { data } = useQuery({
    queryKey: ['locales'],
    enabled,
    staleTime: 300_000,
    queryFn: async () => await api<Locale[]>('/i18n/locales')
  })
  return data ?? []
}

/** An attribute's label: the configuration's, else its name. */
export function labelOf (configuration: Configuration | undefined, name: string, view: 'edit' | 'list' = 'edit'): string {
  return configuration?.metadatas[name]?.[view]?.label ?? name
}
