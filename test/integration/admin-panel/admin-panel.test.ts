/**
 * The admin panel as a person uses it, in Debian's Chromium driven by playwright-core, against
 * the plugin on a real port and a real PostgreSQL: first run, log out and in, navigation, the
 * list (search, sort, paging, status), creating and publishing an entry, the server's
 * validation error at its field, the media library, the served page's
 * CSP, and no console error on the way.
 * One server and one browser for the file; the steps run in order, each on what the last left.
 * The bundle is built first when missing or stale.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { seed } from '../../../example/seed.js'
import { buildTestApp } from '../../helpers/app.js'
import { buildAdminPanel, launchChromium, screenshotSteps, watchedPage } from '../../helpers/admin-panel-browser.js'

const ARTICLES = '/content-manager/collection-types/api::article.article'
const ADMIN = { firstname: 'Grace', lastname: 'Hopper', email: 'grace@example.com', password: 'Cobol-1959-compiler' }

// A browser session through the whole panel, and the bundle's build when stale: more than tap's
// default file timeout on a loaded two-core machine.
t.setTimeout(600_000)
await buildAdminPanel()
const { app, close } = await buildTestApp({ i18n: { locales: ['en', 'fr'] }, admin: { enabled: true, jwtSecret: 'admin-panel-test-secret-0123456789' } })
await seed(app)
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const browser = await launchChromium()
const desktop = await watchedPage(browser, { width: 1280, height: 800 })
const { page } = desktop
// A failing step keeps its page under .tap/admin-panel-screenshots/admin-panel/.
const step = screenshotSteps({ page, file: 'admin-panel' })
t.teardown(async () => {
  await browser.close()
  await close()
})

let token = ''
let createdId = 0
async function adminGet (url: string): Promise<any> {
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`)
  return response.json()
}

async function shownTitles (on: Page): Promise<string[]> {
  await on.locator('table tbody tr').first().waitFor()
  return (await on.locator('table tbody td.column-title').allInnerTexts()).map(text => text.trim())
}

/** Waits until the list shows `expected` (it refetches after each change of its query), then answers what it shows. */
async function waitForTitles (on: Page, expected: string[]): Promise<string[]> {
  for (let tries = 0; tries < 60; tries++) {
    const shown = await shownTitles(on)
    if (JSON.stringify(shown) === JSON.stringify(expected)) return shown
    await on.waitForTimeout(250)
  }
  return await shownTitles(on)
}

await step('the served page: CSP, deep links, assets', async t => {
  const deep = await fetch(`${address}/admin/content-manager/collection-types/api::article.article/3`)
  t.equal(deep.status, 200, 'a deep link answers the app')
  const csp = deep.headers.get('content-security-policy') ?? ''
  t.match(csp, /script-src 'self'(;|$)/, 'scripts only from the panel itself')
  t.notMatch(csp, /script-src[^;]*unsafe-inline/, 'no inline script allowed')
  const html = await deep.text()
  t.match(html, '<base href="/admin/" />', 'the page names its base')
  t.notMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'the page has no inline script')
  const asset = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1]
  const script = await fetch(`${address}/admin/${asset ?? 'missing'}`)
  t.equal(script.status, 200, 'its script is served')
  t.match(script.headers.get('cache-control') ?? '', 'immutable', 'hashed assets are cached for good')
  t.equal((await fetch(`${address}/admin/assets/not-there.js`)).status, 404, 'a missing asset is a 404, never the page')
  t.equal((await fetch(`${address}/admin/index.html`)).status, 404, 'index.html is never served raw: only rewritten, with its CSP')
})

await step('first run creates the Super Admin, then log out and log in', async t => {
  await page.goto(`${address}/admin`)
  await page.getByRole('heading', { name: /Create the first Super Admin/ }).waitFor()
  await page.getByLabel('First name').fill(ADMIN.firstname)
  await page.getByLabel('Last name').fill(ADMIN.lastname)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: "Let's start" }).click()
  const welcome = page.getByRole('heading', { name: `Welcome, ${ADMIN.firstname} ${ADMIN.lastname}` })
  await welcome.waitFor()
  t.ok(await welcome.isVisible(), 'the dashboard greets the new Super Admin')
  const init = (await app.inject('/admin/init')).json()
  t.equal(init.data.hasAdmin, true, 'the server now has an admin')

  await page.getByRole('button', { name: 'Profile' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await page.getByRole('heading', { name: 'Log in to the content manager' }).waitFor()
  t.equal(await page.evaluate(() => sessionStorage.length), 0, 'logging out forgets the token')

  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Log in' }).click()
  const refusal = page.getByRole('alert').filter({ hasText: /invalid|wrong|incorrect/i })
  await refusal.waitFor()
  t.ok(await refusal.isVisible(), 'a wrong password is refused on the page')
  desktop.problems.splice(0) // the 400 of the refused log in is expected

  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor()
  token = await page.evaluate(() => sessionStorage.getItem('content-api-admin-token') ?? '')
  t.ok(token.length > 20, 'the token is kept in sessionStorage')
})

await step('navigation lists the collection and single types', async t => {
  const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed'))
  for (const name of ['Article', 'Author', 'Category', 'Tag', 'Homepage']) {
    t.ok(await menu.getByRole('menuitem', { name, exact: true }).isVisible(), `${name} in the menu`)
  }
})

await step('the list: columns, status, search, sort, paging', async t => {
  await page.getByRole('menuitem', { name: 'Article', exact: true }).click()
  await page.waitForURL(`**/admin${ARTICLES}**`)
  const first = await adminGet(`${ARTICLES}?page=1&pageSize=10&sort=title:ASC`)
  t.same(await waitForTitles(page, first.results.map((entry: any) => entry.title)), first.results.map((entry: any) => entry.title), 'the first page, by the main field')
  const badges = await page.locator('table tbody tr').allInnerTexts()
  first.results.forEach((entry: any, index: number) => {
    t.match(badges[index], entry.publishedAt === null ? 'Draft' : 'Published', `${entry.title}: its status badge`)
  })

  await page.getByRole('button', { name: 'Go to next page' }).click()
  const second = await adminGet(`${ARTICLES}?page=2&pageSize=10&sort=title:ASC`)
  t.same(await waitForTitles(page, second.results.map((entry: any) => entry.title)), second.results.map((entry: any) => entry.title), 'the second page')
  t.ok(second.results.length > 0, 'there is a second page')

  await page.locator('th').getByText('title', { exact: true }).click()
  const descending = await adminGet(`${ARTICLES}?page=1&pageSize=10&sort=title:DESC`)
  t.same(await waitForTitles(page, descending.results.map((entry: any) => entry.title)), descending.results.map((entry: any) => entry.title), 'sorted by title, descending, back on page 1')

  await page.getByLabel('Search').fill('ocean')
  const found = await adminGet(`${ARTICLES}?page=1&pageSize=10&sort=title:DESC&_q=ocean`)
  t.ok(found.results.length > 0, 'the search finds something')
  t.same(await waitForTitles(page, found.results.map((entry: any) => entry.title)), found.results.map((entry: any) => entry.title), 'the search (_q) shows what the server finds')
  await page.getByLabel('Search').fill('')
})

await step('create an entry: several attribute types, a relation by search, a component, a zone item; then publish', async t => {
  await page.goto(`${address}/admin${ARTICLES}/create`)
  await page.getByLabel(/^title/).fill('Made in the panel')
  await page.getByLabel('excerpt').fill('Typed by a browser test.')
  await page.getByLabel('readingTime').fill('12')
  await page.getByLabel('featured').check()
  await page.getByLabel('status').click()
  await page.getByRole('option', { name: 'in-review' }).click()
  await page.getByLabel('metadata').fill('{ "broken": ')
  await page.getByRole('button', { name: 'Save' }).click()
  const invalidJson = page.getByText('Invalid JSON')
  await invalidJson.waitFor()
  t.ok(await invalidJson.isVisible(), 'invalid JSON is refused at its field')
  await page.getByLabel('metadata').fill('{ "source": "panel", "pages": [1, 2] }')

  // By role: once its options arrive, the open listbox carries the same label as the input.
  const authorPicker = page.getByRole('combobox', { name: 'Choose author' })
  await authorPicker.click()
  await authorPicker.fill('chen')
  await page.getByRole('option', { name: 'Chen Wei' }).click()
  const tagPicker = page.getByRole('combobox', { name: 'Add to tags' })
  await tagPicker.click()
  await tagPicker.fill('clim')
  await page.getByRole('option', { name: 'Climate' }).click()

  await page.getByRole('button', { name: /^Add seo/ }).click()
  await page.getByLabel('metaTitle').fill('Panel SEO title')
  await page.getByRole('button', { name: 'Add a component to blocks' }).click()
  await page.getByRole('menuitem', { name: 'Quote' }).click()
  await page.getByLabel(/^text/).fill('Every field has a label.')

  await page.getByRole('button', { name: 'Save' }).click()
  await page.waitForURL(/\/api::article\.article\/\d+$/)
  const id = Number(/(\d+)$/.exec(page.url())?.[1])
  const stored = await adminGet(`${ARTICLES}/${id}`)
  t.equal(stored.title, 'Made in the panel', 'string')
  t.equal(stored.excerpt, 'Typed by a browser test.', 'text')
  t.equal(stored.readingTime, 12, 'integer')
  t.equal(stored.featured, true, 'boolean')
  t.equal(stored.status, 'in-review', 'enumeration')
  t.same(stored.metadata, { source: 'panel', pages: [1, 2] }, 'json')
  t.equal(stored.seo?.metaTitle, 'Panel SEO title', 'a component')
  t.same(stored.blocks?.map((block: any) => [block.__component, block.text]), [['blocks.quote', 'Every field has a label.']], 'a zone item')
  t.equal(stored.publishedAt, null, 'a new entry is a draft')
  const author = await adminGet(`/content-manager/relations/api::article.article/${id}/author`)
  t.equal(author.data?.name, 'Chen Wei', 'the relation picked by search')
  const tags = await adminGet(`/content-manager/relations/api::article.article/${id}/tags`)
  t.same(tags.results.map((tag: any) => tag.name), ['Climate'], 'a to-many relation picked by search')

  await page.getByRole('button', { name: 'Publish' }).click()
  await page.getByRole('button', { name: 'Unpublish' }).waitFor()
  t.not((await adminGet(`${ARTICLES}/${id}`)).publishedAt, null, 'published')
  createdId = id
})

await step("the server's validation error is shown at its field", async t => {
  await page.goto(`${address}/admin${ARTICLES}/${createdId}`)
  await page.getByLabel(/^slug/).fill('not a valid uid!')
  const before = desktop.problems.length
  await page.getByRole('button', { name: 'Save' }).click()
  const slugField = page.locator('.MuiFormControl-root').filter({ has: page.getByLabel(/^slug/) })
  await slugField.locator('.Mui-error').first().waitFor()
  const message = await slugField.locator('.MuiFormHelperText-root').innerText()
  t.match(message, /./, `the slug field shows the server's message: ${message}`)
  t.equal((await adminGet(`${ARTICLES}/${createdId}`)).slug === 'not a valid uid!', false, 'nothing was stored')
  // The refused PUT is logged by the browser as a failed request: expected here, and only it.
  const during = desktop.problems.splice(before)
  t.ok(during.every(problem => /status of 400/.test(problem)), 'the only console line is the refused request')
  await page.getByLabel(/^slug/).fill('made-in-the-panel')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Element updated').waitFor()
})

await step('media library: upload, thumbnail, alternative text', async t => {
  await page.goto(`${address}/admin/media-library`)
  await page.getByText('Drop files here, or').waitFor()
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer()
  await page.getByLabel('Files to upload').setInputFiles({ name: 'red-square.png', mimeType: 'image/png', buffer: png })
  const card = page.locator('[data-file-id]').filter({ hasText: 'red-square.png' })
  await card.waitFor()
  const stored = await adminGet('/upload/files?page=1&pageSize=10')
  const file = stored.results.find((item: any) => item.name === 'red-square.png')
  t.ok(file, 'the upload is stored')
  const thumbnail = card.locator('img')
  await thumbnail.waitFor()
  t.ok(await thumbnail.evaluate(image => (image as unknown as { naturalWidth: number }).naturalWidth > 0), 'its thumbnail loads')

  await page.getByRole('button', { name: 'Edit red-square.png' }).click()
  await page.getByLabel('Alternative text').fill('A red square')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  t.equal((await adminGet(`/upload/files/${file.id}`)).alternativeText, 'A red square', 'the alternative text is saved')
})

await step('media library: a folder made, opened, uploaded into, and a file moved into it', async t => {
  await page.goto(`${address}/admin/media-library`)
  await page.getByLabel('New folder').fill('Holidays')
  await page.getByRole('button', { name: 'Create folder' }).click()
  await page.getByRole('button', { name: 'Open folder Holidays' }).click()
  await page.getByText('No file in this folder.').waitFor()
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 40, g: 160, b: 40 } } }).png().toBuffer()
  await page.getByLabel('Files to upload').setInputFiles({ name: 'green-square.png', mimeType: 'image/png', buffer: png })
  await page.locator('[data-file-id]').filter({ hasText: 'green-square.png' }).waitFor()
  const folders = await adminGet('/upload/folders')
  const holidays = folders.data.find((folder: any) => folder.name === 'Holidays')
  const inside = await adminGet(`/upload/files?folder=${holidays.id}`)
  t.same(inside.results.map((file: any) => file.name), ['green-square.png'], 'the upload went into the folder opened')
  t.equal(inside.results[0].folderPath, holidays.path)

  await page.getByLabel('Folder path').getByRole('button', { name: 'Media library' }).click()
  await page.getByRole('button', { name: 'Edit red-square.png' }).click()
  await page.getByLabel('Folder', { exact: true }).click()
  await page.getByRole('option', { name: 'Holidays' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  const moved = await adminGet(`/upload/files?folder=${holidays.id}`)
  t.same(moved.results.map((file: any) => file.name).sort(), ['green-square.png', 'red-square.png'], 'the file moved into the folder')
  await page.locator('[data-file-id]').filter({ hasText: 'red-square.png' }).waitFor({ state: 'detached' })
  t.equal(await page.locator('[data-file-id]').filter({ hasText: 'red-square.png' }).count(), 0, 'and left the root\'s page')
})

await step('no console error, no failed request on the way', async t => {
  t.same(desktop.problems, [], 'the console stayed clean')
})
