/**
 * The admin API (docs/admin-api.md), in a scope of its own beside the content routes: not
 * under their prefix, not in their OpenAPI document, every route but the first-run ones behind
 * an admin token. Its reads and writes go through the content API's repositories, lifecycles
 * and events, over the registry of the routes at `prefix`.
 */
import type { FastifyInstance } from 'fastify'
import type { JwtSigner } from '../auth/jwt.js'
import { installRateLimiting, routeLimiter } from '../auth/rate-limit.js'
import type { Registry } from '../content-types/registry.js'
import type { EntryLifecycles } from '../lifecycles/entry-lifecycles.js'
import type { ResolvedOptions } from '../options.js'
import type { Database } from '../repository/connection/database.js'
import type { Repositories } from '../repository/repositories.js'
import { installErrorHandling } from '../routes/error-handler.js'
import { acceptEmptyJsonBodies } from '../routes/json-body.js'
import { installRequestQuery } from '../routes/request-query.js'
import { uploadRoutes } from '../upload/routes.js'
import type { AdminUsers } from './admin-users.js'
import { ViewConfigurations } from './configuration/configurations.js'
import { AdminEntries } from './content/entries.js'
import { registerAdminRoutes } from './routes/admin-routes.js'
import { installAdminAuthentication } from './routes/authentication.js'
import { registerCollectionTypeRoutes } from './routes/collection-types.js'
import { registerContentManagerRoutes } from './routes/content-manager-routes.js'
import { registerI18nRoutes } from './routes/i18n-routes.js'
import { registerRelationRoutes } from './routes/relation-routes.js'
import { registerSingleTypeRoutes } from './routes/single-types.js'
import { registerUidRoutes } from './routes/uid-routes.js'
import { registerUserRoutes } from './routes/user-routes.js'
import { AdminUserManagement } from './management/admin-user-management.js'

export interface AdminApiContext {
  db: Database
  registry: Registry
  options: ResolvedOptions
  admins: AdminUsers
  signer: JwtSigner
  /** Reads in the flat shape of Strapi's entity service, never from the response cache. */
  repositories: Repositories
  lifecycles: EntryLifecycles
}

/** Checks every schema's `config` (a mistake stops start-up) and registers the routes. */
export async function installAdminApi (scope: FastifyInstance, context: AdminApiContext): Promise<void> {
  const { db, registry, options, admins, signer, repositories, lifecycles } = context
  const configurations = new ViewConfigurations({ db, registry })
  // The content API's scope answers the unknown routes, with the same envelope.
  installErrorHandling(scope, { notFound: false })
  installRequestQuery(scope)
  acceptEmptyJsonBodies(scope)
  await installRateLimiting(scope, options.rateLimit)
  installAdminAuthentication(scope, admins, signer)
  const entries = new AdminEntries({ registry, repositories, lifecycles })
  const queries = { registry, pagination: options.pagination, mainFieldOf: (uid: string) => configurations.mainFieldOf(uid) }
  const content = { db, registry, entries, configurations, queries }
  for (const register of [
    registerAdminRoutes({ admins, signer, registry, limited: routeLimiter(scope, options.rateLimit) }),
    registerContentManagerRoutes({ registry, configurations }),
    registerCollectionTypeRoutes(content),
    registerSingleTypeRoutes({ ...content, repositories }),
    registerRelationRoutes(content),
    registerUidRoutes({ db, registry }),
    registerI18nRoutes({ registry }),
    registerUserRoutes({ management: new AdminUserManagement(db), maxPageSize: options.pagination.maxPageSize })
  ]) register(scope)
  // The media library for the admin: the REST API's, at Strapi's admin paths, with admin tokens.
  if (options.upload !== false) await scope.register(uploadRoutes, { registry, db, upload: options.upload, maxPageSize: options.pagination.maxPageSize, adminPages: true })
}
