/**
 * The generated client types describe what the API really does: entries are created
 * through POST with bodies typed by the generated request types, then the real answers
 * (lists, single entries with deep populate, counts, writes, errors, files) are assigned
 * to the generated response types and the whole is compiled with tsc --strict.
 */
import t from 'tap'
import { generateTypes } from '../../../plugin/typegen/generate-types.js'
import { buildTestApp } from '../../helpers/app.js'
import { compileDeclarations } from '../../unit/typegen/compile-declarations.js'

const { app, close } = await buildTestApp()
t.teardown(close)

/** `[type, value]` pairs written into the compiled file as `const x: type = value`. */
const samples: Array<[string, unknown]> = []

t.test('entries are created with bodies of the generated request types and read back', async t => {
  async function post (plural: string, type: string, body: { data: Record<string, unknown> }): Promise<number> {
    samples.push([type, body])
    const answer = await app.inject({ method: 'POST', url: `/api/${plural}`, payload: body })
    t.equal(answer.statusCode, 200, `POST /api/${plural}: ${answer.body.slice(0, 300)}`)
    samples.push([type.replace('CreateRequest', 'EntryResponse'), answer.json()])
    return answer.json().data.id as number
  }

  async function read (url: string, type: string, status = 200): Promise<void> {
    const answer = await app.inject({ method: 'GET', url })
    t.equal(answer.statusCode, status, `GET ${url}`)
    samples.push([type, answer.json()])
  }

  const ann = await post('authors', 'AuthorCreateRequest', {
    data: { name: 'Ann', email: 'ann@example.com', password: 'hunter2hunter2', socialLinks: [{ label: 'Site', url: 'https://ann.example.com' }] }
  })
  const news = await post('categories', 'CategoryCreateRequest', { data: { name: 'News', position: 1 } })
  const alphaTag = await post('tags', 'TagCreateRequest', { data: { name: 'alpha' } })
  const alpha = await post('articles', 'ArticleCreateRequest', {
    data: {
      title: 'Alpha release',
      views: '9007199254740993',
      rating: '4.25',
      score: 1.5,
      featured: true,
      publishedOn: '2024-02-29',
      publishAt: '09:30',
      scheduledAt: '2024-03-01T09:30:00Z',
      metadata: { tags: ['a', 1, null] },
      status: 'in-review',
      author: ann,
      category: news,
      tags: [alphaTag],
      seo: { metaTitle: 'Alpha SEO', openGraph: { ogTitle: 'OG alpha' } },
      blocks: [
        { __component: 'blocks.quote', text: 'First quote', attribution: 'Ann' },
        { __component: 'blocks.rich-text', body: 'Some *rich* text' },
        { __component: 'blocks.related-articles', heading: 'See also' }
      ]
    }
  })
  const draft = await post('articles', 'ArticleCreateRequest', { data: { title: 'Beta draft', author: { id: ann }, publishedAt: null } })
  await post('issues', 'IssueCreateRequest', { data: { number: 1, title: 'Spring', articles: [alpha], coverStory: alpha } })

  const update = { data: { excerpt: 'Now with an excerpt', tags: { connect: [{ id: alphaTag, position: { start: true } }] }, related: [draft] } }
  samples.push(['ArticleUpdateRequest', update])
  const updated = await app.inject({ method: 'PUT', url: `/api/articles/${alpha}?populate=*`, payload: update })
  t.equal(updated.statusCode, 200, `PUT: ${updated.body.slice(0, 300)}`)
  samples.push(['ArticleEntryResponse', updated.json()])

  await read('/api/articles?populate=*&publicationState=preview', 'ArticleListResponse')
  await read(`/api/articles/${alpha}?populate[seo][populate]=*&populate[blocks][populate]=*&populate[author][populate][0]=socialLinks&populate[author][populate][1]=avatar`, 'ArticleEntryResponse')
  await read('/api/articles?populate[tags][count]=true&populate[related][count]=true&fields[0]=title', 'ArticleListResponse')
  await read('/api/articles?pagination[start]=0&pagination[limit]=1&pagination[withCount]=false', 'ArticleListResponse')
  await read('/api/authors?populate=*', 'AuthorListResponse')
  await read('/api/categories?populate=*', 'CategoryListResponse')
  await read('/api/issues?populate[coverStory][populate]=*&populate[articles][fields][0]=title', 'IssueListResponse')
  await read('/api/tags?populate=*', 'TagListResponse')
  await read('/api/upload/files', 'UploadFile[]')
  await read('/api/articles?filters[nope][$eq]=1', 'ErrorResponse', 400)
  await read('/api/articles/999999', 'ErrorResponse', 404)

  const removed = await app.inject({ method: 'DELETE', url: `/api/articles/${draft}` })
  t.equal(removed.statusCode, 200)
  samples.push(['ArticleEntryResponse', removed.json()])
})

t.test('real requests and answers of the example model compile against the generated types', async t => {
  const typeNames = [...new Set(samples.map(([type]) => type.replace('[]', '')))]
  const usage = [
    `import type { ${typeNames.join(', ')} } from './content-types.js'`,
    ...samples.map(([type, value], index) => `export const sample${index}: ${type} = ${JSON.stringify(value, null, 2)}`)
  ].join('\n\n')
  const declarations = generateTypes(app.contentApi.registry)
  const diagnostics = await compileDeclarations(declarations, usage)
  t.equal(diagnostics, '', 'tsc --strict reports nothing')
})
