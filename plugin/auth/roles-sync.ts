/** Stores the roles and permissions of the options in their tables at startup. */
import type { Database } from '../repository/database.js'
import type { ResolvedPermissions } from './permissions-options.js'

export async function syncRoles (db: Database, permissions: ResolvedPermissions): Promise<void> {
  await db.transaction(async (em) => {
    const connection = em.getConnection()
    const transaction = em.getTransactionContext()
    for (const [role, subjects] of Object.entries(permissions.roles)) {
      const name = role[0]!.toUpperCase() + role.slice(1)
      await connection.execute('insert into up_roles (name, type) values (?, ?) on conflict (type) do nothing', [name, role], 'run', transaction)
      const [row] = await connection.execute<Array<{ id: number }>>('select id from up_roles where type = ?', [role], 'all', transaction)
      await connection.execute('delete from up_permissions where role_id = ?', [row!.id], 'run', transaction)
      for (const [uid, actions] of subjects) {
        for (const action of actions) {
          await connection.execute('insert into up_permissions (action, role_id) values (?, ?)', [`${uid}.${action}`, row!.id], 'run', transaction)
        }
      }
    }
  })
}
