/** Stores the roles and permissions of the options in their tables at startup. */
import type { Database } from '../repository/database.js'
import type { ResolvedPermissions } from '../options/permissions.js'

export async function syncRoles (db: Database, permissions: ResolvedPermissions): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [role, subjects] of Object.entries(permissions.roles)) {
      const name = role[0]!.toUpperCase() + role.slice(1)
      await tx.query('insert into up_roles (name, type) values ($1, $2) on conflict (type) do nothing', [name, role])
      const [row] = await tx.query('select id from up_roles where type = $1', [role])
      await tx.query('delete from up_permissions where role_id = $1', [row!.id])
      const actions = [...subjects].flatMap(([uid, names]) => [...names].map(action => `${uid}.${action}`))
      if (actions.length > 0) {
        await tx.query('insert into up_permissions (action, role_id) select unnest($1::text[]), $2', [actions, row!.id])
      }
    }
  })
}
