import type { MikroORM } from '@mikro-orm/core'

/** The ORM of either driver (PostgreSQL or PGlite): which one is decided at runtime by the options. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RuntimeOrm = MikroORM<any, any, any>
