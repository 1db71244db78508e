/**
 * The admin panel's media library as a person uses it, in Debian's Chromium driven by
 * playwright-core: a file dropped on the upload zone (a real drop event carrying a DataTransfer
 * with the file) with its progress bar shown while the upload is under way, then in the grid;
 * the library browsed a page at a time; a file's alternative text and caption edited; its
 * content replaced (progress shown, the same file with new content, the old object gone from
 * the upload folder, an entry linking it showing the new url); the file deleted. Each result is read back through the public
 * `/api/upload/files`. A failing step keeps its page under
 * .tap/admin-panel-screenshots/media-library/.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { Route } from 'playwright-core'
import { seed } from '../../../example/seed.js'
import { buildTestApp } from '../../helpers/app.js'
import { buildAdminPanel, launchChromium, screenshotSteps, watchedPage } from '../../helpers/admin-panel-browser.js'
import { post } from '../../helpers/magazine.js'
import { jpeg, png, upload } from '../upload/upload-helpers.js'

const ADMIN = { firstname: 'Mia', lastname: 'Library', email: 'mia.library@example.com', password: 'Files-in-their-place-1' }

// The bundle's build when stale and a browser on a loaded two-core machine: more than tap's default.
t.setTimeout(600_000)
await buildAdminPanel()
const uploadDir = t.testdir()
const { app, close } = await buildTestApp({ admin: { enabled: true, jwtSecret: 'media-library-test-secret-0123456789' }, upload: { dir: uploadDir } })
await seed(app)
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const browser = await launchChromium()
const desktop = await watchedPage(browser, { width: 1280, height: 900 })
const { page } = desktop
page.setDefaultTimeout(15_000)
const step = screenshotSteps({ page, file: 'media-library' })
t.teardown(async () => {
  await browser.close()
  await close()
})

/** The public API's files, newest first (the library's order). */
async function publicFiles (): Promise<any[]> {
  const response = await app.inject({ method: 'GET', url: '/api/upload/files?sort=createdAt:desc' })
  if (response.statusCode !== 200) throw new Error(`/api/upload/files answered ${response.statusCode}: ${response.body}`)
  return response.json()
}
const publicFile = async (id: number) => await app.inject({ method: 'GET', url: `/api/upload/files/${id}` })
const card = (name: string) => page.locator('[data-file-id]').filter({ hasText: name })
/** The names on the grid's cards, in order (each card's name carries it as its title). */
const shownNames = async () => (await page.locator('[data-file-id] [title]').allInnerTexts()).map(text => text.trim())
let dropped: any

await step('log in, open the media library', async t => {
  const registered = await app.inject({ method: 'POST', url: '/admin/register-admin', payload: ADMIN })
  t.equal(registered.statusCode, 200, 'the first admin is registered through the API')
  await page.goto(`${address}/admin`)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor()
  await page.goto(`${address}/admin/media-library`)
  await page.getByText('Drop files here, or').waitFor()
  t.same(await publicFiles(), [], 'the library starts empty')
})

await step('a file dropped on the zone: progress while it uploads, then in the grid', async t => {
  const bytes = [...await png(90, 60)]
  // The upload is held until its progress bar has been seen: on a local server it would
  // otherwise finish before anything could look.
  let release: () => void = () => {}
  const held = new Promise<void>(resolve => { release = resolve })
  const hold = async (route: Route) => {
    if (route.request().method() !== 'POST') { await route.continue(); return }
    await held
    await route.continue()
  }
  await page.route('**/upload', hold)
  const transfer = await page.evaluateHandle(bytes => {
    const scope = globalThis as any
    const data = new scope.DataTransfer()
    data.items.add(new scope.File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }))
    return data
  }, bytes)
  const zone = page.getByLabel('Drop files here to upload')
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer })
  await zone.dispatchEvent('dragover', { dataTransfer: transfer })
  await zone.dispatchEvent('drop', { dataTransfer: transfer })
  const progress = page.getByRole('progressbar', { name: 'Uploading dropped.png' })
  await progress.waitFor()
  t.ok(await progress.isVisible(), 'a progress bar for the dropped file')
  release()
  await card('dropped.png').waitFor()
  await progress.waitFor({ state: 'detached' })
  await page.unroute('**/upload', hold)
  const files = await publicFiles()
  t.same(files.map(file => file.name), ['dropped.png'], 'the dropped file is stored')
  dropped = files[0]
  t.match(dropped, { mime: 'image/png', width: 90, height: 60 }, 'as the image it is')
  t.ok(await card('dropped.png').locator('img').evaluate(image => (image as unknown as { naturalWidth: number }).naturalWidth > 0), 'its thumbnail loads')
  t.equal(await page.getByText(/^1 file$/).count(), 1, 'the library counts it')
})

await step('browse a page at a time', async t => {
  const image = await png(20, 20)
  for (let index = 1; index <= 12; index++) {
    const name = `page-${String(index).padStart(2, '0')}.png`
    t.equal((await upload(app, [{ filename: name, bytes: image, type: 'image/png' }])).statusCode, 200, `${name} uploaded through the API`)
  }
  const names = (await publicFiles()).map(file => file.name)
  await page.reload()
  await page.getByText(/^13 files$/).waitFor()
  t.same(await shownNames(), names.slice(0, 12), 'page 1: the twelve newest, in the API\'s order')
  await page.getByRole('button', { name: 'Go to page 2' }).click()
  await card('dropped.png').waitFor()
  t.same(await shownNames(), names.slice(12), 'page 2: the rest')
})

await step('edit the alternative text and the caption', async t => {
  await page.getByRole('button', { name: 'Edit dropped.png' }).click()
  const dialog = page.getByRole('dialog', { name: 'dropped.png' })
  await dialog.getByLabel('Alternative text').fill('A wide red field')
  await dialog.getByLabel('Caption').fill('Dropped, then described')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await dialog.waitFor({ state: 'detached' })
  const stored = (await publicFile(dropped.id)).json()
  t.match(stored, { alternativeText: 'A wide red field', caption: 'Dropped, then described' }, 'both are stored')
  const described = card('dropped.png').getByRole('img', { name: 'A wide red field' })
  await described.waitFor()
  t.ok(await described.isVisible(), 'the grid shows the new alternative text')
})

await step('replace the content: progress while it uploads, then the same file with the new image everywhere', async t => {
  const article = await post(app, 'articles', { title: 'Shows the dropped file', cover: dropped.id })
  let release: () => void = () => {}
  const held = new Promise<void>(resolve => { release = resolve })
  const isReplace = (url: URL) => url.pathname.endsWith('/upload') && url.searchParams.has('id')
  const hold = async (route: Route) => {
    await held
    await route.continue()
  }
  await page.route(isReplace, hold)
  await page.getByRole('button', { name: 'Edit dropped.png' }).click()
  const dialog = page.getByRole('dialog', { name: 'dropped.png' })
  await dialog.locator('input[type=file]').setInputFiles({ name: 'replacement.jpg', mimeType: 'image/jpeg', buffer: await jpeg(120, 80) })
  const progress = dialog.getByRole('progressbar', { name: 'Replacing' })
  await progress.waitFor()
  t.ok(await progress.isVisible(), 'a progress bar while the new content uploads')
  release()
  await dialog.waitFor({ state: 'detached' })
  await page.unroute(isReplace, hold)
  await card('replacement.jpg').waitFor()

  const stored = (await publicFile(dropped.id)).json()
  t.match(stored, { id: dropped.id, name: 'replacement.jpg', mime: 'image/jpeg', ext: '.jpg', width: 120, height: 80, alternativeText: 'A wide red field' }, 'the same file, with the new content and its texts kept')
  t.not(stored.hash, dropped.hash, 'a new hash')
  t.not(stored.size, dropped.size, 'the new size')
  t.notOk(existsSync(join(uploadDir, `${String(dropped.hash)}${String(dropped.ext)}`)), 'the old stored object is gone from the upload folder')
  t.ok(existsSync(join(uploadDir, `${String(stored.hash)}.jpg`)), 'the new one is there')
  const entry = await app.inject({ method: 'GET', url: `/api/articles/${article}?populate=cover` })
  t.match(entry.json().data.attributes.cover.data, { id: dropped.id, attributes: { url: stored.url } }, 'an entry linking the file shows the new url')
  dropped = stored
})

await step('delete the file', async t => {
  await page.getByRole('button', { name: 'Edit replacement.jpg' }).click()
  const dialog = page.getByRole('dialog', { name: 'replacement.jpg' })
  page.once('dialog', confirm => { confirm.accept().catch(() => {}) })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByText(/^12 files$/).waitFor()
  t.equal(await card('replacement.jpg').count(), 0, 'gone from the grid')
  t.equal((await publicFile(dropped.id)).statusCode, 404, 'gone from the API')
  t.notOk((await publicFiles()).some(file => file.name === 'replacement.jpg'), 'and from its list')
})

await step('no console error on the way', async t => {
  t.same(desktop.problems, [], 'the console stayed clean')
})
