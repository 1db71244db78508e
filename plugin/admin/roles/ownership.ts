/**
 * The Author role's condition (Strapi's `admin::is-creator`): an entry is its own when its
 * `createdBy` is the admin. Checked before a write of given entries, in one statement; an
 * entry that does not exist is a 404, one of another admin a 403.
 */
import type { ContentTypeModel } from '../../content-types/model.js'
import { ForbiddenError, NotFoundError } from '../../errors.js'
import type { Database } from '../../repository/connection/database.js'
import { runSql, sql, raw } from '../../sql/index.js'
import type { AdminAccount } from '../admin-users.js'
import { entryReach, type EntryAction } from './roles.js'

export interface EntryAccess {
  model: ContentTypeModel
  admin: AdminAccount
  action: EntryAction
  /** The entries acted on; none for a create or a list. */
  ids?: readonly number[]
}

/** 403 unless the admin's role may do `action`; for the Author, on entries it created (404 for a missing one). */
export async function requireEntryAccess (db: Database, { model, admin, action, ids = [] }: EntryAccess): Promise<void> {
  const reach = entryReach(admin.role, action)
  if (reach === 'none') throw new ForbiddenError()
  if (reach === 'all' || ids.length === 0) return
  const table = raw(db.names.table(model.entity))
  const id = raw(db.names.column(model.entity, 'id'))
  const createdBy = raw(db.names.column(model.entity, 'createdBy'))
  const rows = await runSql(db, sql`select ${id} as id, ${createdBy} as creator from ${table} where ${id} = any(${ids}::int[])`)
  if (rows.length < new Set(ids).size) throw new NotFoundError()
  if (rows.some(row => Number(row.creator) !== admin.id || row.creator === null)) throw new ForbiddenError()
}

/** What a list shows the admin: every entry, or for the Author those it created. */
export function listReach (admin: AdminAccount): { createdBy?: number } {
  return entryReach(admin.role, 'read') === 'own' ? { createdBy: admin.id } : {}
}
