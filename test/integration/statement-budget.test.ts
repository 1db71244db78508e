/**
 * The design constraint: a read is ONE SQL statement whatever the populate tree
 * (the page count rides in the same statement). Counted, never timed.
 */
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { post, seedMagazine } from '../helpers/magazine.js'

// Four to-many relations nested in each other are over the default populate budget;
// what is counted here is statements, so the budget is lifted.
const { app, close, statements } = await buildTestApp({ limits: { populateRows: Number.MAX_SAFE_INTEGER } })
t.teardown(close)
const ids = await seedMagazine(app)

async function statementsFor (url: string): Promise<number> {
  statements.reset()
  const response = await app.inject({ method: 'GET', url })
  t.equal(response.statusCode, 200, url)
  return statements.count()
}

t.test('a list is one statement for 1 entry as for 25', async t => {
  t.equal(await statementsFor('/api/articles?pagination[pageSize]=1'), 1)
  for (let index = 0; index < 25; index += 1) await post(app, 'tags', { name: `tag-${index}` })
  t.equal(await statementsFor('/api/tags?pagination[pageSize]=25'), 1)
  t.equal(await statementsFor('/api/tags?pagination[pageSize]=25&pagination[withCount]=false'), 1)
})

t.test('one statement with two to-many branches, a dynamic zone and a to-one chain three deep', async t => {
  const url = `/api/articles/${ids.articles.alpha}?` + [
    'populate[tags][populate][articles][fields][0]=title',
    'populate[related][sort][0]=title:desc',
    'populate[blocks][populate]=*',
    'populate[category][populate][parent][populate][articles][filters][title][$containsi]=a',
    'populate[author][populate][articles][populate][category]=true',
    'populate[seo][populate][openGraph]=true'
  ].join('&')
  t.equal(await statementsFor(url), 1)
  t.equal(await statementsFor(`/api/articles?${url.split('?')[1]!}`), 1)
})

t.test('a six-level nested populate is still one statement', async t => {
  const url = '/api/articles?populate[author][populate][articles][populate][tags][populate][articles][populate][category][populate][parent][populate][articles]=true'
  t.equal(await statementsFor(url), 1)
})
