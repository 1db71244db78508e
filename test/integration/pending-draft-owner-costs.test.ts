/**
 * What a write of the other side of a relation costs when the owners keep drafts
 * (repository/write/draft-shared-links.ts, pending-owner-drafts.ts). In an app that serves
 * only the v4 format, and so never has a pending draft, a write of an author's or a tag's
 * `articles` is the write it was before drafts followed it, after the one check that finds
 * no pending draft; once an article concerned has one, the drafts follow in one
 * transaction. Counted, never timed.
 */
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { post, seedMagazine } from '../helpers/magazine.js'
import { harness, published } from './v5/pending-drafts-harness.js'

const CHECK = /^select \(exists \(select 1 from "articles" g /

async function counted (test: { app: { inject: (options: object) => Promise<{ statusCode: number, body: string }> }, statements: { list: string[], reset: () => void } },
  method: 'POST' | 'PUT', url: string, data: Record<string, unknown>): Promise<string[]> {
  test.statements.reset()
  const response = await test.app.inject({ method, url, payload: { data } })
  if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
  return [...test.statements.list]
}

t.test('a v4-only app: the check, then the write alone', async t => {
  const test = await buildTestApp({})
  t.teardown(test.close)
  const ids = await seedMagazine(test.app)
  const tag = await counted(test, 'PUT', `/api/tags/${ids.tags.alpha}`, { articles: [ids.articles.alpha] })
  t.match(tag[0], CHECK, 'the check comes first')
  // The tag's update alone is its facts read and its data statement, optimistic, as before drafts followed it.
  t.equal(tag.length, 3, 'then the update, with no transaction')
  t.notOk(tag.some(statement => statement === 'begin'), 'no transaction')
  const author = await post(test.app, 'authors', { name: 'Cy' })
  const set = await counted(test, 'PUT', `/api/authors/${author}`, { articles: [ids.articles.alpha, ids.articles.gamma] })
  t.match(set[0], CHECK)
  // Taking articles from their one author deletes their links to it first: begin, facts, that delete, data, commit, as before.
  t.equal(set.length, 6, 'an author taking articles: the check and its transaction of 5')
  const created = await counted(test, 'POST', '/api/authors', { name: 'Di', articles: [ids.articles.gamma] })
  t.match(created[0], CHECK)
  t.equal(created.length, 6)
  const unrelated = await counted(test, 'PUT', `/api/authors/${author}`, { name: 'Cy, renamed' })
  t.equal(unrelated.length, 1, 'a write that does not send the relation runs no check')
})

t.test('with a pending draft among the articles: the drafts follow in one transaction', async t => {
  const h = await harness(t)
  const { article } = await published(h)
  const author = (await h.send('POST', '/api/authors', { data: { name: 'Ada' } })).body.data
  const authorPath = `/api/authors/${author.documentId as string}`
  const none = await counted(h.test, 'PUT', authorPath, { articles: [article.documentId] })
  t.match(none[2], CHECK, 'with no pending draft: the documents read (the author\'s, the articles\'), the check')
  t.notOk(none.slice(3).some(statement => /published_at" is null/.test(statement)), 'and no statement for drafts')
  await h.send('DELETE', authorPath)

  await h.send('PUT', `/api/articles/${article.documentId as string}?status=draft`, { data: { title: 'Engines, revised' } })
  const other = (await h.send('POST', '/api/authors', { data: { name: 'Grace' } })).body.data
  const following = await counted(h.test, 'PUT', `/api/authors/${other.documentId as string}`, { articles: [article.documentId] })
  t.match(following[2], CHECK, 'the check finds the pending draft')
  // A to-one owning side: the draft leaves its other author, takes its place, links; the `set` unlinks the drafts it leaves out.
  t.equal(following.length, none.length + 4, 'then the draft follows: 4 statements more, in the write\'s transaction')
  t.same(await h.rows('select a.published_at is not null as published from articles_author_lnk l join articles a on a.id = l.owner_id join authors w on w.id = l.target_id where w.name = $1 order by a.id', ['Grace']),
    [{ published: true }, { published: false }], 'both versions of the article link the author')
})
