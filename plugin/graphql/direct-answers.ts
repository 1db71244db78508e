/**
 * Queries answered without graphql-js's execution. graphql-js resolves an answer one field
 * at a time: a page of 25 entries of 20 attributes is some 600 resolver calls, each with its
 * own checks, which cost more Node time than the rest of the request. The shapes of
 * ./answer-shape.ts have built the whole answer already, so for a query whose shapes came out
 * whole the execution would only copy it, and is skipped.
 *
 * A query text is answered here only after mercurius has parsed, validated and depth-checked
 * it once: its first request goes through mercurius, whose preExecution hook remembers it
 * here. Anything else falls through to mercurius as it came: mutations, introspection, the
 * users-permissions fields, persisted-query hashes, multipart requests, batches, bad
 * variables, refused root fields, and answers that need graphql-js's own rules (a FORBIDDEN
 * relation's error at its path, a null bubbling up from a non-null field). Those take the
 * rows read here with them, so no statement is sent twice.
 */
import { channel } from 'node:diagnostics_channel'
import { getOperationAST, getVariableValues } from 'graphql'
import type { DocumentNode, GraphQLObjectType, GraphQLSchema } from 'graphql'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Ability } from '../auth/abilities.js'
import { callerOf } from '../auth/caller.js'
import { isRecord } from '../is-record.js'
import { BoundedCache } from '../query/bounded-cache.js'
import { shapeWhole } from './answer-shape.js'
import { collectSelections, fragmentsOf } from './collect.js'
import type { PreparedOperation, PreparedRead } from './operation.js'

/**
 * Published for every query answered here, with `{ operationName, rootFields }`: lets a host
 * (and the tests) see which queries skip graphql-js's execution.
 */
export const DIRECT_ANSWER_CHANNEL = 'fastify-content-api:graphql-direct-answer'
const answered = channel(DIRECT_ANSWER_CHANNEL)

/** A root field that reads content. */
export type ContentRead = Extract<PreparedRead, { kind: 'list' | 'entry' | 'single' }>

/** The rows a root field read, by response key, handed to graphql-js when the answer needs it. */
export type ReadSources = Map<string, unknown>

export interface DirectAnswerContext {
  schema: GraphQLSchema
  prepare: (input: { document: DocumentNode, operationName: string | null, variables: Record<string, unknown>, ability: Ability }) => PreparedOperation
  /** Runs a root field's one statement: what its `answer` shapes. */
  read: (read: ContentRead, request: FastifyRequest) => Promise<unknown>
  /** Where sources read here wait for the root resolvers when mercurius executes after all. */
  handOver: (request: FastifyRequest, sources: ReadSources) => void
}

export interface DirectAnswers {
  /** From mercurius's preExecution hook: the request's text has passed parsing, validation and the depth limit. */
  remember: (request: FastifyRequest, document: DocumentNode) => void
  /** The endpoint's preHandler: answers the request, or leaves it to mercurius. */
  answer: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>
}

interface AskedOperation {
  query: string
  operationName: string | null
  variables: Record<string, unknown>
}

/** Query texts remembered; each holds its parsed document (about 60 bytes per character of text). */
const REMEMBERED = { maxEntries: 1_000, maxBytes: 64 * 1024 * 1024 }

export function directAnswers (context: DirectAnswerContext): DirectAnswers {
  const remembered = new BoundedCache<DocumentNode>(REMEMBERED, key => 1024 + key.length * 60)
  const queryType = context.schema.getQueryType() as GraphQLObjectType

  return {
    remember (request, document) {
      const asked = askedOperation(request)
      if (asked === null) return
      if (getOperationAST(document, asked.operationName)?.operation !== 'query') return
      remembered.put(rememberedKey(asked), document)
    },

    async answer (request, reply) {
      const asked = askedOperation(request)
      if (asked === null) return
      const document = remembered.find(rememberedKey(asked))
      if (document === undefined) return
      const operation = getOperationAST(document, asked.operationName)
      if (operation === null || operation === undefined) return
      const coerced = getVariableValues(context.schema, operation.variableDefinitions ?? [], asked.variables)
      if (coerced.errors !== undefined) return
      let reads: PreparedOperation
      try {
        reads = context.prepare({ document, operationName: asked.operationName, variables: coerced.coerced, ability: callerOf(request).ability })
      } catch {
        // The budget's refusal: mercurius answers it as a GraphQL error.
        return
      }
      const fragments = fragmentsOf(document)
      const roots: Array<[key: string, read: ContentRead | null]> = []
      for (const [key, nodes] of collectSelections({ schema: context.schema, fragments, variables: coerced.coerced }, queryType, [operation.selectionSet])) {
        if (nodes[0]!.name.value === '__typename') {
          roots.push([key, null])
          continue
        }
        const read = reads.get(key)
        if (read === undefined || !(read.kind === 'list' || read.kind === 'entry' || read.kind === 'single')) return
        roots.push([key, read])
      }
      const sources: ReadSources = new Map()
      try {
        await Promise.all(roots.map(async ([key, read]) => {
          if (read !== null) sources.set(key, await context.read(read, request))
        }))
      } catch {
        // Answered by mercurius, with the error where it belongs; what was read is not read again.
        context.handOver(request, sources)
        return
      }
      const data: Record<string, unknown> = {}
      for (const [key, read] of roots) {
        if (read === null) {
          data[key] = queryType.name
          continue
        }
        const { value, whole } = shapeWhole(read.answer as (source: unknown) => unknown, sources.get(key))
        if (!whole) {
          context.handOver(request, sources)
          return
        }
        data[key] = value
      }
      if (answered.hasSubscribers) answered.publish({ operationName: asked.operationName, rootFields: roots.map(([key]) => key) })
      return await reply.type('application/json; charset=utf-8').send(JSON.stringify({ data }))
    }
  }
}

function rememberedKey (asked: AskedOperation): string {
  return `${asked.operationName ?? ''}\u0000${asked.query}`
}

/**
 * The operation a GET query string or a JSON POST body asks for; null for anything this
 * module leaves to mercurius (no text, a persisted-query hash, a batch, a multipart body,
 * variables that are not an object).
 */
function askedOperation (request: FastifyRequest): AskedOperation | null {
  // A multipart body is an upload's (./multipart-request.ts): its files are the variables.
  if ((request.headers['content-type'] ?? '').startsWith('multipart/')) return null
  const source = request.method === 'GET' ? request.query : request.method === 'POST' ? request.body : undefined
  if (!isRecord(source) || typeof source.query !== 'string' || source.extensions !== undefined) return null
  const operationName = typeof source.operationName === 'string' ? source.operationName : null
  if (source.operationName !== undefined && source.operationName !== null && operationName === null) return null
  let variables: unknown = source.variables ?? {}
  if (request.method === 'GET' && typeof variables === 'string') {
    try {
      variables = JSON.parse(variables)
    } catch {
      return null
    }
  }
  return isRecord(variables) ? { query: source.query, operationName, variables } : null
}
