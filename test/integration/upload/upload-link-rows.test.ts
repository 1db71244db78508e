/**
 * An upload attached with ref/refId/field links its files as an entry write linking the
 * same media attribute does: the same link writer, the same position rule. Two
 * entries start from the same list, one gets a file by upload and the other the same file
 * by a PUT `connect`: their link rows come out alike.
 */
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { post } from '../../helpers/magazine.js'
import { png, upload } from './upload-helpers.js'
import type { UploadedFile } from './upload-helpers.js'

const { app, close, statements } = await buildTestApp({ upload: { dir: t.testdir() } })
t.teardown(close)

const db = app.contentApi.db
const gallery = app.contentApi.registry.contentTypes.get('api::article.article')!.attributes.get('gallery')!
if (gallery.kind !== 'media') throw new Error('the example article has a multiple media gallery')
const side = gallery.link
const column = (property: string): string => db.names.column(side.entity, property)
const otherOrder = side.order === 'ord' ? 'invOrd' : 'ord'

async function uploaded (files: Array<{ filename: string, bytes: Buffer }>, fields: Record<string, string> = {}): Promise<UploadedFile[]> {
  const response = await upload(app, files, fields)
  if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}: ${response.body}`)
  return response.json<UploadedFile[]>()
}

/** The entry's gallery link rows as stored: file, position on the entry's side, position on the file's. */
async function linkRows (entry: number): Promise<Array<{ file: number, position: number, otherPosition: number }>> {
  const rows = await db.query(
    `select ${column(side.other)} as file, ${column(side.order)} as position, ${column(otherOrder)} as other_position ` +
    `from ${db.names.table(side.entity)} where ${column(side.self)} = $1 order by ${column(side.order)}, ${column('id')}`, [entry])
  return rows.map(row => ({ file: Number(row.file), position: Number(row.position), otherPosition: Number(row.other_position) }))
}

async function galleryIds (entry: number): Promise<number[]> {
  const response = await app.inject({ method: 'GET', url: `/api/articles/${entry}?populate[gallery][fields][0]=name` })
  if (response.statusCode !== 200) throw new Error(`read answered ${response.statusCode}: ${response.body}`)
  return response.json().data.attributes.gallery.data.map((file: { id: number }) => file.id)
}

const [a, b] = await uploaded([{ filename: 'a.png', bytes: await png(10, 10) }, { filename: 'b.png', bytes: await png(11, 11) }])
const byUpload = await post(app, 'articles', { title: 'Gallery by upload', gallery: [a!.id, b!.id] })
const byPut = await post(app, 'articles', { title: 'Gallery by PUT', gallery: [a!.id, b!.id] })

t.test('an upload appends to a multiple media attribute, in order, read back as sent', async t => {
  statements.reset()
  const added = await uploaded([{ filename: 'c.png', bytes: await png(12, 12) }, { filename: 'd.png', bytes: await png(13, 13) }],
    { ref: 'api::article.article', refId: String(byUpload), field: 'gallery' })
  const sent = statements.list.filter(sql => !/^\s*(begin|commit|rollback)\b/i.test(sql))
  // The lock of the entry, the files' insert, the facts read, the one data statement, the answer's read.
  t.equal(sent.length, 5, sent.join('\n'))
  t.same(await galleryIds(byUpload), [a!.id, b!.id, ...added.map(file => file.id)])
  t.same(await linkRows(byUpload), [a!, b!, ...added].map((file, index) => ({ file: file.id, position: index + 1, otherPosition: 1 })))
})

t.test('an upload leaves the link rows a PUT connecting the same file leaves', async t => {
  // Positions with gaps, as a list copied from Strapi (whose orders are fractional) can have them.
  for (const entry of [byUpload, byPut]) {
    await db.query(`update ${db.names.table(side.entity)} set ${column(side.order)} = ${column(side.order)} * 10 where ${column(side.self)} = $1`, [entry])
  }
  const [e] = await uploaded([{ filename: 'e.png', bytes: await png(14, 14) }], { ref: 'api::article.article', refId: String(byUpload), field: 'gallery' })
  const put = await app.inject({ method: 'PUT', url: `/api/articles/${byPut}`, payload: { data: { gallery: { connect: [e!.id] } } } })
  t.equal(put.statusCode, 200, put.body)

  const uploadedRows = await linkRows(byUpload)
  const putRows = await linkRows(byPut)
  t.same(uploadedRows.map(row => row.position), [1, 2, 3, 4, 5], 'the upload renumbers the list 1..n, as an entry write does')
  t.same(putRows.map(row => row.position), [1, 2, 3], 'the PUT renumbers its list 1..n')
  t.same(uploadedRows.at(-1), { file: e!.id, position: 5, otherPosition: 1 }, 'appended last')
  t.same(putRows.at(-1), { file: e!.id, position: 3, otherPosition: 1 }, 'appended last by the PUT too')
  t.same([...uploadedRows, ...putRows].map(row => row.otherPosition), [...uploadedRows, ...putRows].map(() => 1), 'the file side: 1 on both')
  t.equal((await galleryIds(byUpload)).at(-1), e!.id)
  t.same(await galleryIds(byPut), [a!.id, b!.id, e!.id])
})

t.test('an upload to a single media attribute replaces its link as a PUT would', async t => {
  const [first] = await uploaded([{ filename: 'cover-1.png', bytes: await png(10, 10) }], { ref: 'api::article.article', refId: String(byUpload), field: 'cover' })
  const [second] = await uploaded([{ filename: 'cover-2.png', bytes: await png(10, 10) }], { ref: 'api::article.article', refId: String(byUpload), field: 'cover' })
  const read = await app.inject({ method: 'GET', url: `/api/articles/${byUpload}?populate=cover` })
  t.equal(read.json().data.attributes.cover.data.id, second!.id)
  t.not(first!.id, second!.id)
  const cover = app.contentApi.registry.contentTypes.get('api::article.article')!.attributes.get('cover')!
  if (cover.kind !== 'media') throw new Error('cover is a media attribute')
  const coverColumn = (property: string): string => db.names.column(cover.link.entity, property)
  const rows = await db.query(`select ${coverColumn(cover.link.other)} as file from ${db.names.table(cover.link.entity)} where ${coverColumn(cover.link.self)} = $1`, [byUpload])
  t.same(rows.map(row => Number(row.file)), [second!.id], 'one link row, pointing at the new file')
})
