/**
 * Administrators management (docs/admin-api.md, 'Administrators'): the list, one admin user,
 * create, update and delete. Every write is one transaction that first takes the admin users'
 * lock, so two requests cannot each remove "the other" Super Admin: the second sees the
 * first's change, and the rule that one active Super Admin always remains holds.
 */
import type { Database, SqlTransaction } from '../../repository/connection/database.js'
import { ADMIN_USER_ENTITY } from '../../repository/schema/admin-entity.js'
import { entitySql, type EntitySql } from '../../repository/schema/sql-names.js'
import { intArray, join, runSql, sql, type Sql } from '../../sql/index.js'
import { NotFoundError, ValidationError } from '../../errors.js'
import { accountColumns, accountOf, usableAccount, type AdminAccount } from '../account-row.js'
import { SUPER_ADMIN } from '../roles/roles.js'
import type { AdminUserChanges, NewAdminUserRow } from './user-input.js'
import type { AdminUserPage } from './user-list-query.js'

/** Every write to admin users queues on this lock for the length of its transaction. */
const ADMIN_USERS_LOCK = 'fastify-content-api:admin-users'

export const LAST_SUPER_ADMIN_MESSAGE = 'You must have at least one user with super admin role.'

export interface AdminUserList {
  results: AdminAccount[]
  pagination: { page: number, pageSize: number, pageCount: number, total: number }
}

export class AdminUserManagement {
  readonly #db: Database
  readonly #admins: EntitySql
  constructor (db: Database) {
    this.#db = db
    this.#admins = entitySql(db.names, ADMIN_USER_ENTITY)
  }

  /** ONE statement: the page and the total, the total answered even past the last page. */
  async list ({ page, pageSize, search, sort }: AdminUserPage): Promise<AdminUserList> {
    const { table, column } = this.#admins
    const matching = search === undefined
      ? sql`true`
      : join(['firstname', 'lastname', 'email'].map(name => sql`strpos(lower(coalesce(${column(name)}, '')), lower(${search})) > 0`), ' or ')
    const order = sql`${column(sort.field)} ${sort.descending ? sql`desc` : sql`asc`}, ${column('id')} asc`
    const rows = await runSql(this.#db, sql`select counted.total, found.* from (select count(*)::int as total from ${table} where ${matching}) counted
      left join lateral (select ${accountColumns(this.#admins)}, row_number() over (order by ${order}) as position from ${table} where ${matching}
        order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}) found on true
      order by found.position`)
    const total = Number(rows[0]?.total ?? 0)
    return {
      results: rows.filter(row => row.id !== null).map(accountOf),
      pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total }
    }
  }

  async one (id: number): Promise<AdminAccount> {
    const { table, column } = this.#admins
    const [row] = await runSql(this.#db, sql`select ${accountColumns(this.#admins)} from ${table} where ${column('id')} = ${id}`)
    if (row === undefined) throw notFound()
    return accountOf(row)
  }

  /** Nothing inserted, and no id drawn, when the email is taken. */
  async create (user: NewAdminUserRow): Promise<AdminAccount> {
    const { table, column } = this.#admins
    return await this.#locked(async tx => {
      const [row] = await runSql(tx, sql`insert into ${table} (${column('firstname')}, ${column('lastname')}, ${column('email')},
          ${column('password')}, ${column('isActive')}, ${column('blocked')}, ${column('role')}, ${column('createdAt')}, ${column('updatedAt')})
        select ${user.firstname}, ${user.lastname}, ${user.email}, ${user.password}, ${user.isActive}, false, ${user.role}, now(), now()
        where not exists (select from ${table} where ${column('email')} = ${user.email})
        returning ${accountColumns(this.#admins)}`)
      if (row === undefined) throw emailTaken()
      return accountOf(row)
    })
  }

  async update (id: number, changes: AdminUserChanges): Promise<AdminAccount> {
    const { table, column } = this.#admins
    return await this.#locked(async tx => {
      const [before] = await runSql(tx, sql`select ${accountColumns(this.#admins)} from ${table} where ${column('id')} = ${id}`)
      if (before === undefined) throw notFound()
      if (changes.email !== undefined) {
        const [taken] = await runSql(tx, sql`select from ${table} where ${column('email')} = ${changes.email} and ${column('id')} <> ${id}`)
        if (taken !== undefined) throw emailTaken()
      }
      const sets: Sql[] = [sql`${column('updatedAt')} = now()`]
      for (const [key, value] of Object.entries(changes)) sets.push(sql`${column(key)} = ${value}`)
      const [row] = await runSql(tx, sql`update ${table} set ${join(sets)} where ${column('id')} = ${id} returning ${accountColumns(this.#admins)}`)
      await this.#superAdminRemains(tx, [accountOf(before)])
      return accountOf(row!)
    })
  }

  /** The admin users of `ids` that existed, deleted; ids already gone are left out. */
  async delete (ids: readonly number[]): Promise<AdminAccount[]> {
    const { table, column } = this.#admins
    return await this.#locked(async tx => {
      const rows = await runSql(tx, sql`delete from ${table} where ${column('id')} = any(${intArray(ids)}::int[]) returning ${accountColumns(this.#admins)}`)
      const deleted = rows.map(accountOf).sort((a, b) => a.id - b.id)
      await this.#superAdminRemains(tx, deleted)
      return deleted
    })
  }

  async deleteOne (id: number): Promise<AdminAccount> {
    const [deleted] = await this.delete([id])
    if (deleted === undefined) throw notFound()
    return deleted
  }

  /** `GET /admin/roles`'s `usersCount`s. */
  async usersPerRole (): Promise<Map<string, number>> {
    const { table, column } = this.#admins
    const rows = await runSql(this.#db, sql`select ${column('role')} as role, count(*)::int as count from ${table} group by 1`)
    return new Map(rows.map(row => [String(row.role), Number(row.count)]))
  }

  async #locked<T> (work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
    return await this.#db.transaction(async tx => {
      await runSql(tx, sql`select pg_advisory_xact_lock(hashtextextended(${ADMIN_USERS_LOCK}, 0))`)
      return await work(tx)
    })
  }

  /** Refuses (and so rolls back) a change that took away the last active Super Admin; costs a statement only when it touched one. */
  async #superAdminRemains (tx: SqlTransaction, touched: readonly AdminAccount[]): Promise<void> {
    if (!touched.some(user => user.role === SUPER_ADMIN && user.isActive && !user.blocked)) return
    const { table, column } = this.#admins
    const [left] = await runSql(tx, sql`select exists (select from ${table} where ${column('role')} = ${SUPER_ADMIN} and ${usableAccount(this.#admins)}) as found`)
    if (left?.found !== true) throw new ValidationError(LAST_SUPER_ADMIN_MESSAGE)
  }
}

function notFound (): NotFoundError {
  return new NotFoundError('User does not exist')
}

function emailTaken (): ValidationError {
  return ValidationError.at(['email'], 'Email already taken')
}
