/**
 * The GraphQL endpoint (docs/graphql.md): mercurius serves it (parsing and validating each
 * query text once, executing with graphql-js), on the schema of ./schema.ts. Before an
 * operation executes, its reads are prepared for the caller (./operation.ts); each root field
 * then runs its one statement through the reader, as a REST read does, and answers it shaped
 * (./answer-shape.ts). The caller is resolved from the Authorization header as on the REST
 * routes (auth/caller.ts), so JWTs, API tokens and roles mean the same here.
 */
import multipart from '@fastify/multipart'
import mercurius from 'mercurius'
import type { MercuriusContext } from 'mercurius'
import { NoSchemaIntrospectionCustomRule, getVariableValues } from 'graphql'
import type { GraphQLFieldResolver } from 'graphql'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { callerOf, installCallerResolution } from '../auth/caller.js'
import type { CallerContext } from '../auth/caller.js'
import type { Registry } from '../content-types/registry.js'
import type { ResolvedGraphqlOptions } from '../options/graphql.js'
import type { ResolvedPopulateLimits } from '../query/populate-budget.js'
import type { Database, QueryOptions } from '../repository/connection/database.js'
import type { Reader } from '../repository/read/reader.js'
import { directAnswers } from './direct-answers.js'
import type { ContentRead, ReadSources } from './direct-answers.js'
import { formatErrors } from './errors.js'
import { installMultipartRequests } from './multipart-request.js'
import { operationPreparer } from './operation.js'
import type { PreparedOperation } from './operation.js'
import type { MutationRole } from './mutation-fields.js'
import { buildContentSchema } from './schema.js'
import { usersPermissionsFields, usersPermissionsModels } from './users-permissions.js'
import type { PluginFields } from './users-permissions.js'
import type { JwtSigner } from '../auth/jwt.js'
import { credentialLimiter, installRateLimiting } from '../auth/rate-limit.js'
import type { Users } from '../auth/users.js'
import type { AccountFlows } from '../auth/account-flows.js'
import type { ResolvedRateLimit } from '../options/rate-limit.js'
import { mutationRunner } from './writes.js'
import type { GraphqlWrites } from './writes.js'
import type { RootRole } from './schema.js'
import { isRecord } from '../is-record.js'

export interface GraphqlContext {
  registry: Registry
  options: ResolvedGraphqlOptions
  limits: ResolvedPopulateLimits
  /** Reads entries in the bare shape (repository/read/entry-shape.ts, BARE_SHAPE). */
  reader: Reader
  /** Who calls: the same resolution as the REST routes'. */
  callers: CallerContext
  /** A request's read options: its abort signal, and whether a replica may answer. */
  readOptions: (request: FastifyRequest) => QueryOptions
  /** What mutations write with. */
  writes: GraphqlWrites
  /** Users, JWTs and rate limits of the users-permissions routes; null without the `permissions` option. */
  accounts: Accounts | null
}

export interface Accounts {
  db: Database
  users: Users
  /** The password and email flows. */
  flows: AccountFlows
  signer: JwtSigner
  rateLimit: ResolvedRateLimit | null
}

/**
 * A query text is at most this long: a large front end's query is a few KiB. Longer ones
 * are refused by size (413) before anything parses them, the tokens of what remains by count.
 */
export const GRAPHQL_BODY_LIMIT = 64 * 1024
const MAX_TOKENS = 20_000
/** Query texts kept by their hash for automatic persisted queries (each at most GRAPHQL_BODY_LIMIT). */
const PERSISTED_QUERIES = 1_000

/** Registers the endpoint in `scope` (an encapsulated scope of the plugin's own). */
export async function registerGraphql (scope: FastifyInstance, context: GraphqlContext): Promise<void> {
  const { registry, options, reader } = context
  installCallerResolution(scope, context.callers)
  /** Each executing operation's prepared reads, by its mercurius context (one per request). */
  const prepared = new WeakMap<object, PreparedOperation>()
  /** What a root field read before the request was handed to graphql-js (./direct-answers.ts), by request. */
  const handedOver = new WeakMap<FastifyRequest, ReadSources>()
  /** A root field's one statement, and the source its answer is shaped from. */
  const runRead = async (read: ContentRead, request: FastifyRequest): Promise<unknown> => {
    const readOptions = context.readOptions(request)
    switch (read.kind) {
      case 'list': {
        const { data, total } = await reader.list(read.model, read.tree, readOptions)
        return { entries: JSON.parse(data) as unknown[], total, window: read.window }
      }
      case 'entry': {
        const data = read.id === null ? null : await reader.entry(read.model, read.id, read.query, readOptions)
        return data === null ? null : JSON.parse(data)
      }
      case 'single': {
        const data = await reader.single(read.model, read.locale, read.query, readOptions)
        return data === null ? null : JSON.parse(data)
      }
    }
  }
  const resolveRoot = (_role: RootRole): GraphQLFieldResolver<unknown, MercuriusContext> => async (_source, _args, graphqlContext, info) => {
    const key = info.path.key as string
    const read = prepared.get(graphqlContext)?.get(key)
    if (read === undefined) throw new Error(`root field ${key} was not prepared`)
    if (read.kind === 'refused') throw read.error
    if (read.kind === 'written') throw new Error(`root field ${key} was prepared as a mutation`)
    const request = graphqlContext.reply.request
    const sources = handedOver.get(request)
    const answer = read.answer as (source: unknown) => unknown
    return answer(sources?.has(key) === true ? sources.get(key) : await runRead(read, request))
  }
  const runMutation = mutationRunner({ registry, reader, writes: context.writes })
  const resolveMutation = (role: MutationRole): GraphQLFieldResolver<unknown, MercuriusContext> => async (_source, args, graphqlContext, info) => {
    const key = info.path.key as string
    const written = prepared.get(graphqlContext)?.get(key)
    if (written === undefined) throw new Error(`mutation ${key} was not prepared`)
    if (written.kind === 'refused') throw written.error
    if (written.kind !== 'written') throw new Error(`mutation ${key} was prepared as a read`)
    const data = await runMutation({ role, args, request: graphqlContext.reply.request, responseKey: key, query: written.query })
    const source: unknown = data === null ? null : JSON.parse(data)
    // `multipleUpload` answers a list: each file with the same selection.
    return role.kind === 'multipleUpload' ? (source as unknown[]).map(file => written.answer(file)) : written.answer(source)
  }
  let plugins: PluginFields | undefined
  if (context.accounts !== null) {
    const { db, users, flows, signer, rateLimit } = context.accounts
    await installRateLimiting(scope, rateLimit)
    plugins = usersPermissionsFields({ registry, db, users, flows, signer, limit: credentialLimiter(scope, rateLimit) })
  }
  const content = buildContentSchema({
    registry,
    ...(plugins === undefined ? {} : { plugins, served: usersPermissionsModels(registry) }),
    files: context.writes.files !== null,
    ...(registry.i18n === null ? {} : { locales: { settings: registry.i18n, limits: { defaultLimit: options.defaultLimit, maxLimit: options.maxLimit } } }),
    resolveRoot: resolveRoot as (role: RootRole) => GraphQLFieldResolver<unknown, unknown>,
    resolveMutation: resolveMutation as (role: MutationRole) => GraphQLFieldResolver<unknown, unknown>
  })
  const preparer = operationPreparer({
    registry,
    content,
    limits: { defaultLimit: options.defaultLimit, maxLimit: options.maxLimit },
    budget: context.limits
  })

  if (options.landingPage) {
    // A browser opening the endpoint gets GraphiQL, as Strapi's gets its Playground.
    scope.addHook('onRequest', async (request, reply) => {
      const query = request.query as Record<string, unknown> | undefined
      if (request.method === 'GET' && request.url.split('?')[0] === options.endpoint && query?.query === undefined &&
        (request.headers.accept ?? '').includes('text/html')) {
        return await reply.redirect(`${options.endpoint}/graphiql`)
      }
    })
  }

  const direct = directAnswers({
    schema: content.schema,
    prepare: input => preparer.prepare(input),
    read: runRead,
    handOver: (request, sources) => handedOver.set(request, sources)
  })

  const files = context.writes.files
  await scope.register(async (endpoint) => {
    if (files !== null) {
      // Uploads: the GraphQL multipart request spec, read by the media library's reader into
      // the JSON body mercurius expects. Without uploads a multipart body stays a 415.
      await endpoint.register(multipart, { throwFileSizeLimit: true })
      installMultipartRequests(endpoint, { read: files.receive, fieldSize: GRAPHQL_BODY_LIMIT })
    }
    // Before mercurius registers its routes, so they run it.
    endpoint.addHook('preHandler', direct.answer)
    // No `jit`: graphql-jit compiles the parsing of input variables type by type, and the
    // filters inputs refer to each other (a relation's filters hold its target's, and `and`,
    // `or`, `not` their own): one `$filters: ArticleFiltersInput` made it build code until
    // the heap ran out. Executed by graphql-js, the answer's shaping is already done.
    await endpoint.register(mercurius, {
      schema: content.schema,
      path: '',
      graphiql: options.landingPage,
      queryDepth: options.depthLimit,
      validationRules: options.introspection ? [] : [NoSchemaIntrospectionCustomRule],
      errorFormatter: formatErrors({ depthLimit: options.depthLimit }) as never,
      allowBatchedQueries: false,
      // Apollo's protocol, as Strapi's Apollo Server answers it; the texts kept are bounded.
      ...(options.persistedQueries ? { persistedQueryProvider: mercurius.persistedQueryDefaults.automatic(PERSISTED_QUERIES) } : {}),
      graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
      additionalRouteOptions: { bodyLimit: GRAPHQL_BODY_LIMIT }
    })
    endpoint.graphql.addHook('preExecution', async (schema, document, graphqlContext, variables) => {
      const request = graphqlContext.reply.request
      const operationName = operationNameOf(request)
      const definitions = document.definitions.filter(definition => definition.kind === 'OperationDefinition')
      const operation = operationName === null ? definitions[0] : definitions.find(definition => definition.name?.value === operationName)
      if (operation === undefined) return
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], (variables ?? {}) as Record<string, unknown>)
      // Bad variables fail execution itself, with graphql-js's own errors.
      if (coerced.errors !== undefined) return
      prepared.set(graphqlContext, preparer.prepare({ document, operationName, variables: coerced.coerced, ability: callerOf(request).ability }))
      direct.remember(request, document)
    })
  }, { prefix: options.endpoint })
}

/** The operation a request names, in its body (POST) or its query string (GET). */
function operationNameOf (request: FastifyRequest): string | null {
  const from = isRecord(request.body) ? request.body : isRecord(request.query) ? request.query : {}
  return typeof from.operationName === 'string' ? from.operationName : null
}
