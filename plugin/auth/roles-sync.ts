/**
 * Stores the roles and permissions of the options in their tables at startup. A restart
 * keeps the rows that are still configured: their ids stay, and no id is drawn for a row
 * that already exists (an `insert … on conflict do nothing` would draw one every start).
 */
import type { Database } from '../repository/connection/database.js'
import { PERMISSION_ENTITY, ROLE_ENTITY } from '../repository/schema/auth-entities.js'
import type { ResolvedPermissions } from '../options/permissions.js'
import { raw, runSql as run, sql, type Sql } from '../sql/index.js'

/** Strapi's descriptions of its two roles, given to them when they are first stored (a role renamed later keeps its own). */
const DESCRIPTIONS: Record<string, string> = {
  authenticated: 'Default role given to authenticated user.',
  public: 'Default role given to unauthenticated user.'
}

export async function syncRoles (db: Database, permissions: ResolvedPermissions): Promise<void> {
  const column = (entity: string, property: string): Sql => raw(db.names.column(entity, property))
  const roles = raw(db.names.table(ROLE_ENTITY))
  const granted = raw(db.names.table(PERMISSION_ENTITY))
  const [roleId, roleName, roleDescription, roleType] = ['id', 'name', 'description', 'type'].map(property => column(ROLE_ENTITY, property))
  const [action, owner] = ['action', 'role'].map(property => column(PERMISSION_ENTITY, property))
  await db.transaction(async (tx) => {
    for (const [role, subjects] of Object.entries(permissions.roles)) {
      const name = role[0]!.toUpperCase() + role.slice(1)
      // A concurrent start may insert the role first: `on conflict` keeps that one.
      await run(tx, sql`insert into ${roles} (${roleName}, ${roleDescription}, ${roleType}) select ${name}, ${DESCRIPTIONS[role] ?? null}, ${role}
        where not exists (select 1 from ${roles} where ${roleType} = ${role}) on conflict (${roleType}) do nothing`)
      const [row] = await run(tx, sql`select ${roleId} as id from ${roles} where ${roleType} = ${role}`)
      const actions = [...subjects].flatMap(([uid, names]) => [...names].map(name => `${uid}.${name}`))
      await run(tx, sql`delete from ${granted} where ${owner} = ${row!.id} and ${action} <> all(${actions}::text[])`)
      await run(tx, sql`insert into ${granted} (${action}, ${owner}) select a, ${row!.id} from unnest(${actions}::text[]) as a
        where not exists (select 1 from ${granted} where ${owner} = ${row!.id} and ${action} = a)`)
    }
  })
}
