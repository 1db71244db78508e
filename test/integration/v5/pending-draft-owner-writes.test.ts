/**
 * The other side of a relation written by a type without drafts reaches the owners' pending
 * drafts (repository/write/draft-shared-links.ts) from every write that can send it: a
 * single type's PUT, a new localization (v4's `POST /:id/localizations`, v5's `PUT
 * ?locale=`), and whatever a `before*` hook makes of the data. Each owner's draft then links
 * as its published row does, so the owner's next publication keeps the link.
 */
import t from 'tap'
import type { Test } from 'tap'
import { harness } from './pending-drafts-harness.js'
import type { Harness, Json } from './pending-drafts-harness.js'

const contentTypes = {
  'api::post.post': {
    info: { singularName: 'post', pluralName: 'posts' },
    options: { draftAndPublish: true },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      title: { type: 'string' },
      writer: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer', inversedBy: 'posts' },
      frontpage: { type: 'relation', relation: 'manyToOne', target: 'api::frontpage.frontpage', inversedBy: 'posts' }
    }
  },
  'api::writer.writer': {
    info: { singularName: 'writer', pluralName: 'writers' },
    options: { draftAndPublish: false },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      name: { type: 'string' },
      posts: { type: 'relation', relation: 'oneToMany', target: 'api::post.post', mappedBy: 'writer' }
    }
  },
  'api::frontpage.frontpage': {
    kind: 'singleType',
    info: { singularName: 'frontpage', pluralName: 'frontpages' },
    options: { draftAndPublish: false },
    attributes: {
      heading: { type: 'string' },
      posts: { type: 'relation', relation: 'oneToMany', target: 'api::post.post', mappedBy: 'frontpage' }
    }
  }
}

/** Row ids the hooks below put in the data, set by the tests. */
const hooked: { posts: number[] } = { posts: [] }

const lifecycles = {
  'api::writer.writer': {
    beforeCreate (event: Json) { if (event.params.data.name === 'Hooked') event.params.data.posts = hooked.posts },
    beforeUpdate (event: Json) { if (event.params.data.name === 'Hooked') event.params.data.posts = hooked.posts }
  }
}

async function start (t: Test): Promise<Harness> {
  return await harness(t, { schemas: undefined, contentTypes, lifecycles, graphql: false } as never)
}

/** A post published in `locale` (a new locale of `documentId` when given), then given a pending draft. */
async function draftedPost (h: Harness, { title, locale = 'en', documentId }: { title: string, locale?: string, documentId?: string }): Promise<Json> {
  const written = documentId === undefined
    ? await h.send('POST', `/api/posts?locale=${locale}`, { data: { title } })
    : await h.send('PUT', `/api/posts/${documentId}?locale=${locale}`, { data: { title } })
  const post = written.body.data
  t.equal((await h.send('PUT', `/api/posts/${post.documentId as string}?locale=${locale}&status=draft`, { data: { title: `${title}, revised` } })).status, 200)
  return post
}

/** Which versions of a post (its document in a locale) link through `table` to which entries of `target`. */
async function linkingVersions (h: Harness, { table, target, post, locale = 'en' }: { table: string, target: string, post: Json, locale?: string }): Promise<Json[]> {
  return await h.rows(`select p.published_at is not null as published, t.${target === 'writers' ? 'name' : 'heading'} as name from ${table} l join posts p on p.id = l.owner_id ` +
    `join ${target} t on t.id = l.target_id where p.document_id = $1 and p.locale = $2 order by p.published_at is null, t.id`, [post.documentId, locale])
}

t.test('a single type\'s PUT reaches the pending drafts of the posts it lists, in both formats', async t => {
  const h = await start(t)
  const post = await draftedPost(h, { title: 'Engines' })
  const links = { table: 'posts_frontpage_lnk', target: 'frontpages', post }

  t.equal((await h.send('PUT', '/api/frontpage', { data: { heading: 'Home', posts: [post.documentId] } })).status, 200, 'the first PUT creates the entry')
  t.same(await linkingVersions(h, links), [{ published: true, name: 'Home' }, { published: false, name: 'Home' }], 'both versions of the post link it')
  t.equal((await h.send('PUT', '/api/v4/frontpage', { data: { posts: [] } })).status, 200, 'a v4 PUT updating it')
  t.same(await linkingVersions(h, links), [], 'unlinks both')
  t.equal((await h.send('PUT', '/api/frontpage', { data: { posts: { connect: [post.documentId] } } })).status, 200)
  t.equal((await h.send('PUT', `/api/posts/${post.documentId as string}`, { data: {} })).status, 200, 'the post published')
  const read = await h.send('GET', '/api/frontpage?populate=posts')
  t.same(read.body.data.posts.map((entry: Json) => entry.title), ['Engines, revised'], 'its publication keeps the link')
})

t.test('a new localization reaches the pending drafts of the posts it lists: v4\'s POST /:id/localizations and v5\'s PUT ?locale=', async t => {
  const h = await start(t)
  const english = await draftedPost(h, { title: 'Engines' })
  await draftedPost(h, { title: 'Moteurs', locale: 'fr', documentId: english.documentId })
  const [french] = await h.rows('select id from posts where title = $1', ['Moteurs'])
  const links = { table: 'posts_writer_lnk', target: 'writers', post: english, locale: 'fr' }

  const ada = (await h.send('POST', '/api/writers', { data: { name: 'Ada' } })).body.data
  const v4 = await h.send('POST', `/api/v4/writers/${ada.id as number}/localizations`, { locale: 'fr', name: 'Ada (fr)', posts: [french.id] })
  t.equal(v4.status, 200, JSON.stringify(v4.body))
  t.same(await linkingVersions(h, links), [{ published: true, name: 'Ada (fr)' }, { published: false, name: 'Ada (fr)' }], 'v4: both versions of the French post link the new localization')

  const grace = (await h.send('POST', '/api/writers', { data: { name: 'Grace' } })).body.data
  const v5 = await h.send('PUT', `/api/writers/${grace.documentId as string}?locale=fr`, { data: { name: 'Grace (fr)', posts: [english.documentId] } })
  t.equal(v5.status, 200, 'v5: the French entry of the writer made')
  t.same(await linkingVersions(h, links), [{ published: true, name: 'Grace (fr)' }, { published: false, name: 'Grace (fr)' }], 'the French post (found in the written locale) left Ada for Grace, in both versions')
  t.equal((await h.send('PUT', `/api/posts/${english.documentId as string}?locale=fr`, { data: {} })).status, 200, 'the French post published')
  t.same(await linkingVersions(h, links), [{ published: true, name: 'Grace (fr)' }], 'its publication keeps the link')
})

t.test('a before* hook that changes the relation: the drafts follow the data it leaves, not the body', async t => {
  const h = await start(t)
  const engines = await draftedPost(h, { title: 'Engines' })
  const turbines = await draftedPost(h, { title: 'Turbines' })
  const rowOf = async (title: string): Promise<number> => (await h.rows('select id from posts where title = $1 and published_at is not null', [title]))[0].id
  hooked.posts = [await rowOf('Turbines')]

  const created = await h.send('POST', '/api/writers', { data: { name: 'Hooked', posts: [engines.documentId] } })
  t.equal(created.status, 201, 'beforeCreate replaced the posts sent')
  t.same(await linkingVersions(h, { table: 'posts_writer_lnk', target: 'writers', post: turbines }), [{ published: true, name: 'Hooked' }, { published: false, name: 'Hooked' }], 'the post the hook named is linked by both versions')
  t.same(await linkingVersions(h, { table: 'posts_writer_lnk', target: 'writers', post: engines }), [], 'the post the body named by neither')

  const writer = (await h.send('POST', '/api/writers', { data: { name: 'Plain' } })).body.data
  hooked.posts = [await rowOf('Engines')]
  t.equal((await h.send('PUT', `/api/writers/${writer.documentId as string}`, { data: { name: 'Hooked' } })).status, 200, 'beforeUpdate adds posts the body did not send')
  t.same(await linkingVersions(h, { table: 'posts_writer_lnk', target: 'writers', post: engines }), [{ published: true, name: 'Hooked' }, { published: false, name: 'Hooked' }], 'the draft follows the hook')
  t.equal((await h.send('PUT', `/api/posts/${turbines.documentId as string}`, { data: {} })).status, 200)
  t.same(await linkingVersions(h, { table: 'posts_writer_lnk', target: 'writers', post: turbines }), [{ published: true, name: 'Hooked' }], 'a publication keeps what the hook linked')
})
