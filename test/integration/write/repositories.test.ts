/**
 * repositories.for(model): one repository per served content type, bound to its database,
 * registry and model; reads and writes through it reach the real database.
 */
import t from 'tap'
import { compileEntryQuery, compileListQuery } from '../../../plugin/query/compile-query.js'
import { readCompiler } from '../../../plugin/repository/read/compile.js'
import { createReader } from '../../../plugin/repository/read/reader.js'
import { repositories } from '../../../plugin/repository/repositories.js'
import type { WriteContext } from '../../../plugin/repository/write/entry-writes.js'
import { entryPlanner } from '../../../plugin/write-plan/entry-planner.js'
import type { ContentTypeModel } from '../../../plugin/content-types/model.js'
import { exampleRegistry, openTestDatabase } from './fixtures/database.js'
import { rejectsWithIssues, rejectsWithStatus } from './fixtures/expect.js'

t.test('for(model) answers one repository per served content type, and refuses the others', async t => {
  const { db, registry, contentType } = await openTestDatabase(t)
  const content = repositories({ db, registry, reader: createReader(db, readCompiler(registry, db.names)) })
  const article = contentType('article')
  const repository = content.for(article)
  t.equal(content.for(article), repository, 'the same object on a second call')
  t.equal(content.for(article.uid), repository, 'the same object by uid')
  t.equal(repository.model, article)
  t.not(content.for(contentType('tag')), repository, 'another type has its own')

  t.throws(() => content.for('api::nothing.nothing'), { message: 'No content repository for "api::nothing.nothing": not a content type served by this registry' })
  const [component] = registry.components.keys()
  t.throws(() => content.for(component!), /not a content type served by this registry/, 'a component is no content type')
  const [plugin] = registry.plugins.keys()
  if (plugin !== undefined) t.throws(() => content.for(plugin), /not a content type served by this registry/, 'a plugin type has its own routes')
  // A model of another registry, with the same uid: refused before and after the served one was made.
  const foreign = (await exampleRegistry()).contentTypes.get(article.uid)!
  t.throws(() => content.for(foreign), /not a content type served by this registry/)
  t.throws(() => repositories({ db, registry, reader: createReader(db, readCompiler(registry, db.names)) }).for(foreign),
    /not a content type served by this registry/, 'also on the first call')
})

t.test('create, entry, list, update and delete of a collection type through its repository', async t => {
  const { db, registry, contentType, statements } = await openTestDatabase(t)
  const content = repositories({ db, registry, reader: createReader(db, readCompiler(registry, db.names)) })
  const writer = (model: ContentTypeModel): WriteContext => ({ planner: entryPlanner({ registry, model, strict: false }) })
  const tag = content.for(contentType('tag'))
  const article = content.for(contentType('article'))
  const query = { ...compileEntryQuery(registry, article.model, { populate: { tags: { fields: ['name'] } } }), publicationState: 'preview' as const }

  const tagId = (await tag.create({ body: { data: { name: 'facade' } }, context: writer(tag.model) })).id
  statements.length = 0
  const { id } = await article.create({ body: { data: { title: 'Through the facade', tags: [tagId], publishedAt: null } }, context: writer(article.model) })
  t.ok(statements.length > 0, 'the create reached the database')
  const created = JSON.parse((await article.entry(id, query))!) as { id: number, attributes: { title: string, publishedAt: unknown, tags: { data: Array<{ id: number }> } } }
  t.equal(created.id, id)
  t.equal(created.attributes.title, 'Through the facade')
  t.equal(created.attributes.publishedAt, null, 'a draft')
  t.same(created.attributes.tags.data.map(entry => entry.id), [tagId])

  const live = compileListQuery(registry, article.model, {}, { maxPageSize: 100, defaultPageSize: 25 })
  t.same(JSON.parse((await article.list(live)).data), [], 'the draft is not listed live')
  t.equal((await article.list(live)).total, 0)

  t.same(await article.update({ id, body: { data: { title: 'Renamed', tags: [], publishedAt: '2024-01-01T00:00:00.000Z' } }, context: writer(article.model) }), { id },
    'asked for no answer, the update returns its id alone')
  const updated = JSON.parse((await article.entry(id, query))!) as { attributes: { title: string, tags: { data: unknown[] } } }
  t.equal(updated.attributes.title, 'Renamed')
  t.same(updated.attributes.tags.data, [])
  const listed = await article.list(live)
  t.same((JSON.parse(listed.data) as Array<{ id: number }>).map(entry => entry.id), [id], 'published: listed')
  t.equal(listed.total, 1)

  await rejectsWithIssues(t, article.update({ id, body: { data: { title: null } }, context: writer(article.model) }),
    [{ path: ['title'], message: 'title must be a `string` type, but the final value was: `null`.' }])
  t.same(await article.delete({ id }), { id })
  t.equal(await article.entry(id, query), null, 'gone')
  await rejectsWithStatus(t, article.delete({ id }), 'NotFoundError', 404)
  await rejectsWithStatus(t, article.update({ id, body: { data: { title: 'x' } }, context: writer(article.model) }), 'NotFoundError', 404)
  t.not(await tag.entry(tagId, compileEntryQuery(registry, tag.model, {})), null, 'the linked tag stays')
})

t.test('a write returns what it wrote: the answer its own statement built; the answer it is given is only read', async t => {
  const { db, registry, contentType, statements } = await openTestDatabase(t)
  const content = repositories({ db, registry, reader: createReader(db, readCompiler(registry, db.names)) })
  const tag = content.for(contentType('tag'))
  const query = { ...compileEntryQuery(registry, tag.model, {}), publicationState: 'preview' as const }
  // Frozen: a write that set a field of it would throw.
  const answer = Object.freeze(tag.answer(query))
  const context: WriteContext = { planner: entryPlanner({ registry, model: tag.model, strict: false }), answer }
  const answered = (json: string | null | undefined): unknown => JSON.parse(json ?? 'null')

  statements.length = 0
  const created = await tag.create({ body: { data: { name: 'answered' } }, context })
  t.equal(statements.length, 1, 'one statement wrote the tag and built its answer')
  t.same(answered(created.answer), answered(await tag.entry(created.id, query)), 'the answer a read after it gives')
  const updated = await tag.update({ id: created.id, body: { data: { name: 'answered again' } }, context })
  t.equal(updated.id, created.id)
  t.same(answered(updated.answer), answered(await tag.entry(created.id, query)))
  const deleted = await tag.delete({ id: created.id, context: { answer } })
  t.same(answered(deleted.answer), answered(updated.answer), 'a delete answers the entry as it was')
  t.same(Object.keys(answer).sort(), ['locked', 'overRow'], 'nothing was added to the answer given')
})

t.test('a single type: its PUT creates the entry once, then updates it', async t => {
  const { db, registry, contentType } = await openTestDatabase(t)
  const content = repositories({ db, registry, reader: createReader(db, readCompiler(registry, db.names)) })
  const homepage = content.for(contentType('homepage'))
  const context = { planner: entryPlanner({ registry, model: homepage.model, strict: false }) }
  const query = compileEntryQuery(registry, homepage.model, {})

  t.equal(await homepage.singleId(null), null, 'no entry yet')
  t.equal(await homepage.single(null, query), null)
  const { id } = await homepage.writeSingle({ body: { data: { heading: 'Welcome' } }, context })
  t.equal(await homepage.singleId(null), id)
  t.equal((await homepage.writeSingle({ body: { data: { heading: 'Welcome back' } }, context })).id, id, 'the second PUT updates the same entry')
  const entry = JSON.parse((await homepage.single(null, query))!) as { id: number, attributes: { heading: string } }
  t.equal(entry.id, id)
  t.equal(entry.attributes.heading, 'Welcome back')
  await homepage.delete({ id })
  t.equal(await homepage.singleId(null), null, 'deleted')
})
