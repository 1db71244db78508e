// What the logged-in admin's role may do with the entries of each content type, from
// GET /admin/users/me/permissions (Strapi's permission list), fetched once per session. The
// views hide what the role lacks; the server refuses it anyway (403).
import { useQuery } from '@tanstack/react-query'
import { api } from '../api/http'
import { readUser } from './token'

export type EntryAction = 'read' | 'create' | 'update' | 'delete' | 'publish'

export interface Permission { action: string, subject: string | null, conditions: string[] }

const EXPLORER = 'plugin::content-manager.explorer.'

/** The entry actions `permissions` grant on content type `uid` (some only on the admin's own entries). */
export function entryActions (permissions: readonly Permission[], uid: string): Set<EntryAction> {
  const actions = new Set<EntryAction>()
  for (const permission of permissions) {
    if (permission.subject === uid && permission.action.startsWith(EXPLORER)) actions.add(permission.action.slice(EXPLORER.length) as EntryAction)
  }
  return actions
}

/** The grant Strapi names for configuring a collection type's views (the Super Admin's). */
const CONFIGURE_VIEW = 'plugin::content-manager.collection-types.configure-view'

/** This session's admin's permissions, fetched once; undefined while they load. */
function usePermissionList (): Permission[] | undefined {
  const user = readUser()
  const { data } = useQuery({
    queryKey: ['permissions', user?.id],
    enabled: user !== null,
    staleTime: Infinity,
    queryFn: async () => (await api<{ data: Permission[] }>('/admin/users/me/permissions')).data
  })
  return data
}

/** The entry actions of `uid` for this session's admin; undefined while they load. */
export function useEntryActions (uid: string | undefined): Set<EntryAction> | undefined {
  const data = usePermissionList()
  return data === undefined || uid === undefined ? undefined : entryActions(data, uid)
}

/** Whether this session's admin may change the view configurations; undefined while it loads. */
export function useMayConfigureViews (): boolean | undefined {
  return usePermissionList()?.some(permission => permission.action === CONFIGURE_VIEW)
}

/** Whether this session's admin may manage administrators (Strapi's `admin::users.read`); undefined while it loads. */
export function useMayManageAdmins (): boolean | undefined {
  return usePermissionList()?.some(permission => permission.action === 'admin::users.read')
}
