/** The write plan made from a body, without a database. */
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { loadSchemaFolder } from '../../../plugin/content-types/load.js'
import { buildRegistry } from '../../../plugin/content-types/registry.js'
import { planEntryWrite, readDataPayload } from '../../../plugin/write-plan/input.js'
import type { RowPlan } from '../../../plugin/write-plan/plan.js'

const registry = buildRegistry(await loadSchemaFolder(fileURLToPath(new URL('../../../example/content', import.meta.url))))
const article = registry.contentTypes.get('api::article.article')!

const values = (row: RowPlan): Record<string, unknown> => Object.fromEntries(row.scalars.map(write => [write.attribute.name, write.value]))

t.test('readDataPayload', async t => {
  t.same(readDataPayload({ data: { a: 1 }, other: true }), { a: 1 })
  t.throws(() => readDataPayload({ data: [] }), { name: 'ValidationError', message: 'Missing "data" payload in the request body' })
})

t.test('a create: coerced values, defaults, the uid to generate, publishedAt now', async t => {
  const { root, issues } = planEntryWrite({ registry, model: article, body: { data: { title: 'Élan vital', readingTime: '12', views: 5 } }, id: null })
  t.ok(issues.isEmpty)
  t.equal(root.id, null)
  t.match(values(root), { title: 'Élan vital', readingTime: 12, views: '5', featured: false, status: 'draft-idea', publishedAt: Date })
  t.same(root.uids.map(uid => [uid.attribute.name, uid.base, uid.path]), [['slug', 'elan-vital', ['slug']]])
})

t.test('an update: only what is sent', async t => {
  const { root, issues } = planEntryWrite({ registry, model: article, body: { data: { title: 'T', createdAt: 'ignored' } }, id: 7 })
  t.ok(issues.isEmpty)
  t.equal(root.id, 7)
  t.same(values(root), { title: 'T' })
  t.same(root.uids, [])
})

t.test('relations, components and zone items become operations and rows', async t => {
  const { root, issues } = planEntryWrite({
    registry,
    model: article,
    id: 1,
    body: {
      data: {
        author: '3',
        tags: { connect: [{ id: 1, position: { before: 2 } }], disconnect: [{ id: 4 }] },
        seo: { id: 9, openGraph: { ogTitle: 'og' } },
        blocks: [{ __component: 'blocks.quote', text: 'q' }, { __component: 'blocks.rich-text', id: '5' }]
      }
    }
  })
  t.ok(issues.isEmpty)
  t.same(root.links.map(link => [link.attribute.name, link.operation]), [
    ['author', { kind: 'set', ids: [3] }],
    ['tags', { kind: 'edit', disconnect: [4], connect: [{ id: 1, position: { before: 2 }, path: ['tags', 'connect', 0] }], strict: true }]
  ])
  const [seo, blocks] = root.lists
  t.match(seo, { attribute: { name: 'seo' }, items: [{ model: { uid: 'shared.seo' }, id: 9, path: ['seo'] }] })
  t.match(seo!.items[0]!.lists[0], { items: [{ model: { uid: 'shared.open-graph' }, id: null, scalars: [{ value: 'og' }] }] })
  t.match(blocks!.items.map(item => [item.model.uid, item.id, item.path]), [
    ['blocks.quote', null, ['blocks', 0]],
    ['blocks.rich-text', 5, ['blocks', 1]]
  ])
})

t.test('problems are collected with their paths from the attribute on, indices as strings (Strapi 4.26)', async t => {
  const body = { data: { title: 'ok', readingTime: 0, nope: true, blocks: [{ text: 'no component named' }] } }
  for (const strict of [false, true]) {
    const { root, issues } = planEntryWrite({ registry, model: article, body, id: null, strict })
    t.throws(() => { issues.throwIfAny() }, {
      name: 'ValidationError',
      message: `${strict ? 3 : 2} errors occurred`,
      details: {
        errors: [
          { path: ['readingTime'], message: 'readingTime must be greater than or equal to 1', name: 'ValidationError' },
          ...(strict ? [{ path: ['nope'], message: 'Invalid key nope', name: 'ValidationError' }] : []),
          { path: ['blocks', '0', '__component'], message: 'blocks[0].__component is a required field', name: 'ValidationError' }
        ]
      }
    }, strict ? 'strict: the unknown key is a problem too' : 'an unknown key is dropped')
    t.equal(values(root).title, 'ok')
  }
})

t.test('what a client reads and sends back is dropped', async t => {
  const { root, issues } = planEntryWrite({
    registry,
    model: article,
    body: { data: { id: 3, title: 'T', createdAt: 'x', updatedAt: 'x', createdBy: 1, updatedBy: 1, localizations: [], author: { data: { id: 2, attributes: {} } } } },
    id: 7
  })
  t.ok(issues.isEmpty)
  t.same(values(root), { title: 'T' })
  t.same(root.links, [], 'a relation in the shape a read answers changes nothing')
  const strict = planEntryWrite({ registry, model: article, body: { data: { author: { data: { id: 2 } } } }, id: 7, strict: true })
  t.notOk(strict.issues.isEmpty, 'strict: the read shape of a relation is a 400')
})

t.test('the relations a body sends, in its order and at any depth, whatever becomes of them', async t => {
  const { root, sentRelations } = planEntryWrite({
    registry,
    model: article,
    id: 7,
    body: {
      data: {
        blocks: [{ __component: 'blocks.related-articles', articles: [4] }, { __component: 'blocks.quote', text: 'q' }],
        author: { data: { id: 2 } },
        category: null,
        tags: 'not an id',
        cover: 5,
        related: { disconnect: [3] }
      }
    }
  })
  t.same(sentRelations.map(({ attribute, path }) => [attribute.target, path]), [
    ['api::article.article', ['blocks', 0, 'articles']],
    ['api::author.author', ['author']],
    ['api::tag.tag', ['tags']],
    ['api::article.article', ['related']]
  ], 'null names nothing, and media are files, not relations')
  t.same(root.links.map(link => link.attribute.name), ['category', 'cover', 'related'], 'while the read shape and the refused value link nothing')

  const misshapen = planEntryWrite({ registry, model: article, id: null, body: { data: { title: 'T', blocks: [{ __component: 'blocks.related-articles', articles: 'x' }], seo: [{ metaTitle: 5, openGraph: {} }] } } })
  t.same(misshapen.sentRelations.map(({ path }) => path), [['blocks', 0, 'articles']])
  t.throws(() => { misshapen.issues.throwIfAny() }, { name: 'ValidationError', message: '2 errors occurred', details: { errors: [{ path: ['blocks', '0', 'articles'] }, { path: ['seo'], message: 'seo must be an object or null' }] } },
    'a component sent in the wrong shape is refused as a whole: what is in it is not told')
})
