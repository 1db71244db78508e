/**
 * A link written from one side joins the end of the other side's list without that list
 * being read (APPENDED_POSITION): read back through the API, appended entries follow the
 * positioned ones in the order they were linked, also when a to-one link moves an entry.
 */
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'

const { app, close } = await buildTestApp()
t.teardown(close)

async function send (method: 'POST' | 'PUT', url: string, data: Record<string, unknown>): Promise<number> {
  const response = await app.inject({ method, url, payload: { data } })
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`)
  return Number(response.json().data.id)
}

async function linkedIds (url: string, attribute: string): Promise<number[]> {
  const response = await app.inject({ method: 'GET', url: `${url}?populate=${attribute}` })
  return (response.json().data.attributes[attribute].data as Array<{ id: number }>).map(entry => entry.id)
}

t.test('an entry moved to another author joins the end of its list, after those linked before', async t => {
  const [x, y] = [await send('POST', '/api/authors', { name: 'X' }), await send('POST', '/api/authors', { name: 'Y' })]
  // Linked first, so its link row is the oldest of all.
  const moved = await send('POST', '/api/articles', { title: 'moved', author: x })
  const first = await send('POST', '/api/articles', { title: 'first', author: y })
  const second = await send('POST', '/api/articles', { title: 'second', author: y })
  await send('PUT', `/api/articles/${moved}`, { author: y })
  t.same(await linkedIds(`/api/authors/${y}`, 'articles'), [first, second, moved])
  t.same(await linkedIds(`/api/authors/${x}`, 'articles'), [])
})

t.test('entries appended after a list was positioned come after it, in link order', async t => {
  const tag = await send('POST', '/api/tags', { name: 'appended' })
  const [a1, a2, a3] = [
    await send('POST', '/api/articles', { title: 'a1', tags: [tag] }),
    await send('POST', '/api/articles', { title: 'a2', tags: [tag] }),
    await send('POST', '/api/articles', { title: 'a3' })
  ]
  await send('PUT', `/api/tags/${tag}`, { articles: { connect: [{ id: a3, position: { before: a1 } }] } })
  t.same(await linkedIds(`/api/tags/${tag}`, 'articles'), [a3, a1, a2], 'positioned from the tag side')
  const a4 = await send('POST', '/api/articles', { title: 'a4', tags: [tag] })
  const a5 = await send('POST', '/api/articles', { title: 'a5', tags: [tag] })
  t.same(await linkedIds(`/api/tags/${tag}`, 'articles'), [a3, a1, a2, a4, a5], 'appended after the positioned ones')
  await send('PUT', `/api/tags/${tag}`, { articles: { connect: [{ id: a5, position: { after: a3 } }] } })
  t.same(await linkedIds(`/api/tags/${tag}`, 'articles'), [a3, a5, a1, a2, a4], 'a position relative to an appended entry')
  await send('PUT', `/api/tags/${tag}`, { articles: { connect: [{ id: a2, position: { end: true } }] } })
  t.same(await linkedIds(`/api/tags/${tag}`, 'articles'), [a3, a5, a1, a4, a2])
})
