/** Single components nested two deep, and repeatable components updated, reordered, deleted. */
import t from 'tap'
import { createEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'
import { rejectsWithIssues } from './fixtures/expect.js'
import { owned } from './fixtures/links.js'

t.test('a single component with a nested component', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const article = contentType('article')
  const id = await createEntry(db, registry, article, {
    data: { title: 'seo', seo: { metaTitle: 'Meta', keywords: 'k1', openGraph: { ogTitle: 'OG', ogDescription: 'described' } } }
  })
  const update = async (seo: unknown): Promise<void> => { await updateEntry(db, registry, article, id, { data: { seo } }) }
  const seoOf = async (): Promise<{ seo: Record<string, unknown> | undefined, og: Record<string, unknown> | undefined }> => {
    const [seoId] = await owned(rows, 'articles_seo_lnk', id)
    if (seoId === undefined) return { seo: undefined, og: undefined }
    const [seo] = await rows('select id, meta_title, keywords from components_shared_seos where id = $1', [seoId])
    const [ogId] = await owned(rows, 'components_shared_seos_open_graph_lnk', seoId)
    const [og] = ogId === undefined ? [] : await rows('select id, og_title, og_description from components_shared_open_graphs where id = $1', [ogId])
    return { seo, og }
  }
  const count = async (table: string): Promise<number> => Number((await rows(`select count(*)::int as n from ${table}`))[0]!.n)

  const created = await seoOf()
  t.match(created, { seo: { meta_title: 'Meta', keywords: 'k1' }, og: { og_title: 'OG', og_description: 'described' } })
  const seoId = created.seo!.id
  const ogId = created.og!.id

  await update({ id: seoId, metaTitle: 'Meta 2' })
  t.same(await seoOf(), { seo: { id: seoId, meta_title: 'Meta 2', keywords: 'k1' }, og: created.og }, 'updated in place; unsent fields and the nested component kept')

  await update({ id: String(seoId), openGraph: { id: ogId, ogTitle: 'OG 2' } })
  t.same((await seoOf()).og, { id: ogId, og_title: 'OG 2', og_description: 'described' }, 'nested component updated in place, two deep')

  await update({ id: seoId, openGraph: { ogTitle: 'fresh' } })
  const replacedOg = (await seoOf()).og!
  t.not(replacedOg.id, ogId, 'without an id the nested component is a new row')
  t.match(replacedOg, { og_title: 'fresh', og_description: null })
  t.equal(await count('components_shared_open_graphs'), 1, 'and the old one is deleted')

  await update({ metaTitle: 'new seo', openGraph: { ogTitle: 'new og' } })
  const replaced = await seoOf()
  t.not(replaced.seo!.id, seoId)
  t.match(replaced, { seo: { meta_title: 'new seo', keywords: null }, og: { og_title: 'new og' } })
  t.same([await count('components_shared_seos'), await count('components_shared_open_graphs')], [1, 1], 'the old seo and its nested row are deleted')

  await update({ id: replaced.seo!.id, openGraph: null })
  t.same((await seoOf()).og, undefined, 'null clears a nested component')
  t.equal(await count('components_shared_open_graphs'), 0)

  await update({ id: replaced.seo!.id, openGraph: { ogTitle: 'again' } })
  await update(null)
  t.same(await seoOf(), { seo: undefined, og: undefined }, 'null clears the component')
  t.same([await count('components_shared_seos'), await count('components_shared_open_graphs'), await count('articles_seo_lnk')], [0, 0, 0],
    'its row and its nested rows are deleted')

  await updateEntry(db, registry, article, id, { data: { title: 'seo untouched' } })
  t.same(await seoOf(), { seo: undefined, og: undefined })
})

t.test('repeatable components: updated by id, reordered, added, deleted', async t => {
  const { db, registry, contentType, rows } = await openTestDatabase(t)
  const author = contentType('author')
  const id = await createEntry(db, registry, author, {
    data: {
      name: 'Ada',
      socialLinks: [
        { label: 'A', url: 'https://a.example' },
        { label: 'B', url: 'https://b.example' },
        { label: 'C', url: 'https://c.example' }
      ]
    }
  })
  const links = async (): Promise<Array<Record<string, unknown>>> => await rows(
    `select l.id, l.label, l.url, k.ord from authors_social_links_lnk k join components_shared_links l on l.id = k.target_id
     where k.owner_id = $1 order by k.ord`, [id])
  const [a, b, c] = await links() as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]
  t.same([a, b, c].map(link => [link.label, link.ord]), [['A', 1], ['B', 2], ['C', 3]])

  await updateEntry(db, registry, author, id, { data: { socialLinks: [{ id: c.id, label: 'C2' }, { id: a.id }, { label: 'D', url: 'http://d.example' }] } })
  const after = await links()
  t.same(after.map(link => [link.label, link.url, link.ord]), [['C2', 'https://c.example', 1], ['A', 'https://a.example', 2], ['D', 'http://d.example', 3]])
  t.same(after.slice(0, 2).map(link => link.id), [c.id, a.id], 'the same rows')
  t.same(await rows('select id from components_shared_links where id = $1', [b.id]), [], 'B is deleted')

  await updateEntry(db, registry, author, id, { data: { name: 'Ada L.' } })
  t.equal((await links()).length, 3, 'unsent: untouched')

  await updateEntry(db, registry, author, id, { data: { socialLinks: [] } })
  t.same(await links(), [])
  t.same(await rows('select count(*)::int as n from components_shared_links'), [{ n: 0 }], '[] deletes every row')

  // Strapi 4.26 refuses null for a repeatable component (only [] clears it).
  const other = await createEntry(db, registry, author, { data: { name: 'Bob', socialLinks: [{ label: 'X', url: 'https://x' }] } })
  await rejectsWithIssues(t, updateEntry(db, registry, author, other, { data: { socialLinks: null } }),
    [{ path: ['socialLinks'], message: 'socialLinks must be a `array` type, but the final value was: `null`.' }])
  t.same(await rows('select count(*)::int as n from components_shared_links'), [{ n: 1 }], 'null changes nothing')
})
