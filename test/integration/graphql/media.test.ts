/**
 * Media through GraphQL: a single media field as `UploadFileEntityResponse`, a multiple one as
 * `UploadFileRelationResponseCollection` with its own filters, sort and window, media inside a
 * component and a zone item; the same files, in the same order, as REST's populate reads them,
 * in one statement.
 */
import t from 'tap'
import { graphql, graphqlApp } from '../../helpers/graphql.js'
import { jpeg, png, upload } from '../upload/upload-helpers.js'

const test = await graphqlApp({ upload: { dir: t.testdir() } })
t.teardown(test.close)

const uploaded = await upload(test.app, [
  { filename: 'cover.jpg', bytes: await jpeg(1200, 800) },
  { filename: 'one.png', bytes: await png(40, 30) },
  { filename: 'two.png', bytes: await png(50, 20) }
])
if (uploaded.statusCode !== 200) throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`)
const [cover, one, two] = (uploaded.json() as Array<{ id: number }>).map(file => file.id)
const created = await test.app.inject({
  method: 'POST',
  url: '/api/articles',
  payload: {
    data: {
      title: 'With pictures',
      cover,
      gallery: [two, one, cover],
      seo: { metaTitle: 'Pictures', shareImage: one },
      blocks: [{ __component: 'blocks.media', caption: 'A figure', file: two }]
    }
  }
})
if (created.statusCode !== 200) throw new Error(`create answered ${created.statusCode}: ${created.body}`)
const article = (created.json() as { data: { id: number } }).data.id

t.test('single and multiple media, in a component and a zone, as REST reads them, in one statement', async t => {
  const answer = await graphql(test, `query ($id: ID) {
    article(id: $id) {
      data {
        attributes {
          cover { data { id attributes { name mime width height url formats } } }
          gallery { data { id attributes { name } } }
          firstTwo: gallery(pagination: { limit: 2 }) { data { id } }
          pngs: gallery(filters: { mime: { eq: "image/png" } }, sort: "name:desc") { data { attributes { name } } }
          seo { shareImage { data { attributes { name width } } } }
          blocks { ... on ComponentBlocksMedia { caption file { data { attributes { name } } } } }
        }
      }
    }
  }`, { id: String(article) })
  t.notOk(answer.body.errors)
  t.equal(answer.statements.length, 1)
  const attributes = answer.body.data.article.data.attributes
  const rest = (await test.app.inject({ method: 'GET', url: `/api/articles/${article}?populate[cover]=true&populate[gallery]=true&populate[seo][populate][shareImage]=true` })).json().data.attributes
  t.same(attributes.cover.data, { id: String(cover), attributes: { ...pick(rest.cover.data.attributes, ['name', 'mime', 'width', 'height', 'url', 'formats']) } })
  t.same(attributes.gallery.data.map((file: any) => file.attributes.name), rest.gallery.data.map((file: any) => file.attributes.name))
  t.same(attributes.gallery.data.map((file: any) => file.id), [two, one, cover].map(String), 'in the order written')
  t.same(attributes.firstTwo.data.map((file: any) => file.id), [two, one].map(String))
  t.same(attributes.pngs.data.map((file: any) => file.attributes.name), ['two.png', 'one.png'])
  t.same(attributes.seo.shareImage.data.attributes, { name: 'one.png', width: 40 })
  t.same(attributes.blocks, [{ caption: 'A figure', file: { data: { attributes: { name: 'two.png' } } } }])
})

t.test('an entry without media: null and an empty list', async t => {
  const bare = await test.app.inject({ method: 'POST', url: '/api/articles', payload: { data: { title: 'Plain' } } })
  const id = (bare.json() as { data: { id: number } }).data.id
  const answer = await graphql(test, `{ article(id: "${id}") { data { attributes { cover { data { id } } gallery { data { id } } } } } }`)
  t.same(answer.body.data.article.data.attributes, { cover: { data: null }, gallery: { data: [] } })
})

function pick (object: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map(key => [key, object[key]]))
}
