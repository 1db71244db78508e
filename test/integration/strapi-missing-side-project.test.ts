/**
 * A Strapi v4 project whose relations name other sides that are missing or do not point back
 * (test/fixtures/strapi-missing-side-project) starts, warns once per such relation naming both
 * ends, and answers what Strapi 4.26.2 answered (strapi-answers.json beside it, recorded by
 * its regenerate.mjs) to the same writes and reads; `strict: true` refuses it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import t from 'tap'
import contentApi from '../../plugin/index.js'
import type { ContentApiOptions } from '../../plugin/index.js'
import { compareAnswers } from '../../plugin/import/compare-answers.js'
import { buildTestApp, freshDatabase } from '../helpers/app.js'
import { STRAPI_MISSING_SIDE_PROJECT } from '../helpers/paths.js'

interface Step { method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, compare?: false, status: number, answer?: unknown }
interface Recorded { linkTables: string[], publicUserActions: string[], steps: Step[] }

const recorded = JSON.parse(readFileSync(join(STRAPI_MISSING_SIDE_PROJECT, 'strapi-answers.json'), 'utf8')) as Recorded
const USER = 'plugin::users-permissions.user'
const CRUD = ['find', 'findOne', 'create', 'update', 'delete']

/** What the reference Strapi allowed the public role: everything on every api:: type, and some user actions. */
const options: Partial<ContentApiOptions> = {
  schemas: STRAPI_MISSING_SIDE_PROJECT,
  docs: false,
  permissions: {
    jwtSecret: 'a-test-secret-that-is-long-enough',
    roles: {
      public: {
        ...Object.fromEntries(['article', 'review', 'tag', 'topic'].map(name => [`api::${name}.${name}`, CRUD])),
        [USER]: recorded.publicUserActions
      }
    }
  }
}

/** Timestamps differ from run to run; ids and content must not. */
function withoutTimestamps (value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimestamps)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'createdAt' && key !== 'updatedAt').map(([key, item]) => [key, withoutTimestamps(item)]))
}

const database = await freshDatabase()
const warnings: string[] = []
const app = Fastify({
  logger: {
    level: 'warn',
    stream: new Writable({
      write (chunk: Buffer, _encoding, done) {
        const line = JSON.parse(chunk.toString()) as { level: number, msg: string }
        if (line.level === 40) warnings.push(line.msg)
        done()
      }
    })
  },
  pluginTimeout: 120_000
})
await app.register(contentApi, { ...options, database: database.url === undefined ? { dataDir: 'memory://' } : { url: database.url } } as ContentApiOptions)
await app.ready()
t.teardown(async () => { await app.close(); await database.drop() })

t.test('the project starts with one warning per relation, naming both ends', async t => {
  const oneSided = warnings.filter(line => / declares (inversedBy|mappedBy) /.test(line))
  t.same(oneSided.sort(), [
    'fastify-content-api: "article" on api::review.review declares inversedBy "reviews", and "reviews" on api::article.article declares mappedBy "subject", which does not name it back: served as one relation, "reviews" reading the links of "article"',
    'fastify-content-api: "articles" on api::tag.tag declares mappedBy "tags", but "tags" on api::article.article does not name it in inversedBy: not served, as Strapi 4 stores nothing for it',
    'fastify-content-api: "articles" on plugin::users-permissions.user declares mappedBy "author", but api::article.article has no such attribute: not served, as Strapi 4 stores nothing for it',
    'fastify-content-api: "headline" on api::article.article declares inversedBy "featured", but "featured" on api::topic.topic is a one-way relation: served one-way',
    'fastify-content-api: "topic" on api::article.article declares inversedBy "articles", but "articles" on api::topic.topic is a one-way relation: served one-way'
  ])
})

t.test('link tables: exactly those Strapi created (the user role is a column here)', async t => {
  const ours = app.contentApi.registry.links.map(link => link.table.replace(/_lnk$/, '_links')).sort()
  t.same(ours, recorded.linkTables.filter(table => table !== 'up_users_role_links'))
})

t.test('the recorded writes and reads answer as Strapi answered', async t => {
  const answers = new Map<string, unknown>()
  for (const step of recorded.steps) {
    const response = await app.inject({ method: step.method, url: step.url, ...(step.body === undefined ? {} : { payload: step.body as object }) })
    const ours = { status: response.statusCode, body: withoutTimestamps(response.json()) }
    answers.set(`${step.method} ${step.url}`, ours.body)
    if (step.status === 500) {
      // Strapi fails on populating a mappedBy side nothing owns; here it is absent, as in a read that does not ask for it.
      t.equal(ours.status, 200, `${step.method} ${step.url}`)
      t.same(ours.body, answers.get('GET /api/tags'), `${step.url} answers the list without the side nothing owns`)
      continue
    }
    if (step.compare === false) {
      t.equal(ours.status, step.status, `${step.method} ${step.url}`)
      continue
    }
    const { differences } = compareAnswers({ url: step.url, strapi: { status: step.status, body: withoutTimestamps(step.answer) }, ours })
    t.same(differences, [], `${step.method} ${step.url}`)
  }
  t.ok(recorded.steps.some(step => step.status === 500), 'the recording holds the reads Strapi fails on')
})

t.test('strict: true refuses the project, naming each file and attribute', async t => {
  const refused = buildTestApp({ ...options, strict: true })
  await t.rejects(refused, /extensions\/users-permissions\/content-types\/user\/schema\.json \(attribute "articles"\): "author" on api::article\.article must be a relation to plugin::users-permissions\.user with inversedBy: "articles"/)
  await t.rejects(refused, /api\/tag\/content-types\/tag\/schema\.json \(attribute "articles"\): "tags" on api::article\.article must be a relation to api::tag\.tag with inversedBy: "articles"/)
  await t.rejects(refused, /api\/article\/content-types\/article\/schema\.json \(attribute "topic"\): "articles" on api::topic\.topic must be a relation to api::article\.article with mappedBy: "topic"/)
})
