/**
 * Attributes shared across locales in documents with pending drafts
 * (repository/write/draft-shared-attributes.ts), as Strapi 5's i18n keeps them: a write
 * reaches the other locales' versions of its own status. An article's `views` and `cover`
 * are shared (`i18n.localized: false`) in the fixture project.
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import { multipartBody } from '../upload/upload-helpers.js'
import { harness } from './pending-drafts-harness.js'
import type { Harness, Json } from './pending-drafts-harness.js'
import { V5_PROJECT } from './replay.js'

async function views (h: Harness, documentId: string, query: string): Promise<number> {
  const answer = await h.send('GET', `/api/articles/${documentId}?${query}`)
  if (answer.status !== 200) throw new Error(`${query}: ${answer.status as number}`)
  return answer.body.data.views
}

/** `views` as each reader sees it: en and fr, published and draft. */
async function everyVersion (h: Harness, documentId: string): Promise<Json> {
  return {
    en: await views(h, documentId, 'locale=en'),
    enDraft: await views(h, documentId, 'locale=en&status=draft'),
    fr: await views(h, documentId, 'locale=fr'),
    frDraft: await views(h, documentId, 'locale=fr&status=draft')
  }
}

t.test('a draft write reaches the other locales\' drafts; a publication their published versions', async t => {
  const h = await harness(t)
  const article = (await h.send('POST', '/api/articles?locale=en', { data: { title: 'Engines', views: 1 } })).body.data
  const path = `/api/articles/${article.documentId as string}`
  t.equal((await h.send('PUT', `${path}?locale=fr`, { data: { title: 'Moteurs' } })).status, 200, 'a French entry, published')
  t.same(await everyVersion(h, article.documentId), { en: 1, enDraft: 1, fr: 1, frDraft: 1 })

  h.test.statements.reset()
  t.equal((await h.send('PUT', `${path}?locale=en&status=draft`, { data: { views: 5 } })).status, 200, 'the English draft writes a shared attribute')
  // The first draft write's 7, then the other locales read, the French draft opened (its row, its links), the shared links dropped and copied.
  t.equal(h.test.statements.count(), 12, 'in the draft write\'s transaction: 5 statements more')
  t.same(await everyVersion(h, article.documentId), { en: 1, enDraft: 5, fr: 1, frDraft: 5 }, 'both drafts have it; no published reader sees it')
  t.same(await h.rows('select locale, count(*)::int as n from articles group by locale order by locale'), [{ locale: 'en', n: 2 }, { locale: 'fr', n: 2 }], 'the French draft was opened for it')

  h.test.statements.reset()
  t.equal((await h.send('PUT', `${path}?locale=en`, { data: {} })).status, 200, 'the English entry published, with nothing in the body')
  t.equal(h.test.statements.count(), 10, 'a publication with a pending draft\'s 7, then the other locales read, the shared links dropped and copied')
  t.same(await everyVersion(h, article.documentId), { en: 5, enDraft: 5, fr: 5, frDraft: 5 }, 'the French published version takes the published value')

  t.equal((await h.send('PUT', `${path}?locale=fr&status=draft`, { data: { views: 7, title: 'Moteurs, revus' } })).status, 200)
  t.same(await everyVersion(h, article.documentId), { en: 5, enDraft: 7, fr: 5, frDraft: 7 }, 'the French draft\'s value reaches the English draft (opened again), not the published versions')
  t.equal((await h.send('PUT', `${path}?locale=fr`, { data: {} })).status, 200, 'the French entry published')
  t.same(await everyVersion(h, article.documentId), { en: 7, enDraft: 7, fr: 7, frDraft: 7 })
  t.match((await h.send('GET', `${path}?locale=en`)).body.data, { title: 'Engines' }, 'the English published title is its own')
  t.match((await h.send('GET', `${path}?locale=en&status=draft`)).body.data, { title: 'Engines' }, 'and so is its draft\'s')
})

t.test('a draft write of a shared media attribute: the other locales\' drafts take the same file', async t => {
  const h = await harness(t)
  const bytes = readFileSync(`${V5_PROJECT}images/blue.png`)
  const uploaded = await h.test.app.inject({ method: 'POST', url: '/api/upload', ...await multipartBody([{ filename: 'cover.png', bytes, type: 'image/png' }]) })
  const file = uploaded.json()[0]
  const article = (await h.send('POST', '/api/articles?locale=en', { data: { title: 'Engines' } })).body.data
  const path = `/api/articles/${article.documentId as string}`
  await h.send('PUT', `${path}?locale=fr`, { data: { title: 'Moteurs' } })
  t.equal((await h.send('PUT', `${path}?locale=en&status=draft`, { data: { cover: file.id } })).status, 200)
  const cover = async (query: string): Promise<string | null> => (await h.send('GET', `${path}?${query}&populate=cover`)).body.data.cover?.name ?? null
  t.equal(await cover('locale=fr&status=draft'), 'cover.png', 'the French draft has it')
  t.equal(await cover('locale=fr'), null, 'its published version not')
  t.equal(await cover('locale=en'), null)
})
