/**
 * The admin panel for each role and on a phone, in Debian's Chromium driven by playwright-core,
 * against the plugin on a real port and a real PostgreSQL: an Author writes its own article and
 * is shown a clear refusal for another's (the API answers 403) without the buttons its role
 * lacks; an Editor's bulk publish, unpublish and delete, each checked through `/api`; the list
 * as a simple list on a 390×844 screen, an entry opened, edited and saved there.
 * One server and one browser for the file; each step waits on roles and labels, never on time.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { buildTestApp } from '../../helpers/app.js'
import { buildAdminPanel, launchChromium, watchedPage } from '../../helpers/admin-panel-browser.js'
import type { WatchedPage } from '../../helpers/admin-panel-browser.js'

const ARTICLES = '/content-manager/collection-types/api::article.article'
const PEOPLE = {
  editor: { email: 'editor@example.com', firstname: 'Edith', lastname: 'Tor', password: 'editor-password-1', role: 'editor' },
  author: { email: 'author@example.com', firstname: 'Arthur', lastname: 'Ink', password: 'author-password-1', role: 'author' }
} as const

// The bundle's build when stale and a browser on a loaded two-core machine: more than tap's default.
t.setTimeout(600_000)
await buildAdminPanel()
const { app, close } = await buildTestApp({ admin: { enabled: true, jwtSecret: 'admin-roles-test-secret-0123456789' } })
const ids = {
  editor: (await app.contentApi.admin.createUser(PEOPLE.editor)).id,
  author: (await app.contentApi.admin.createUser(PEOPLE.author)).id
}
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const browser = await launchChromium()
t.teardown(async () => {
  await browser.close()
  await close()
})

async function tokenOf (person: keyof typeof PEOPLE): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/admin/login', payload: { email: PEOPLE[person].email, password: PEOPLE[person].password } })
  return response.json().data.token as string
}
const tokens = { editor: await tokenOf('editor'), author: await tokenOf('author') }

/** The admin API as `token`'s admin: status and parsed body. */
async function adminCall (token: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<{ status: number, body: any }> {
  const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) })
  return { status: response.statusCode, body: response.json() }
}

/** The public REST API's titles of published articles starting with `prefix` (drafts too with `preview`). */
async function apiTitles (prefix: string, publicationState: 'live' | 'preview' = 'live'): Promise<string[]> {
  const response = await app.inject(`/api/articles?filters[title][$startsWith]=${encodeURIComponent(prefix)}&sort=title&publicationState=${publicationState}`)
  if (response.statusCode !== 200) throw new Error(`/api/articles answered ${response.statusCode}: ${response.body}`)
  return response.json().data.map((entry: any) => entry.attributes.title as string)
}

async function logIn (watched: WatchedPage, person: keyof typeof PEOPLE): Promise<void> {
  const { page } = watched
  await page.goto(`${address}/admin`)
  await page.getByRole('heading', { name: 'Log in to the content manager' }).waitFor()
  await page.getByLabel('Email').fill(PEOPLE[person].email)
  await page.getByLabel('Password').fill(PEOPLE[person].password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor()
}

/** The titles the desktop list shows, once it shows `expected` (it refetches after each change of its query). */
async function listedTitles (page: Page, expected: string[]): Promise<string[]> {
  const shown = async (): Promise<string[]> => (await page.locator('table tbody td.column-title').allInnerTexts()).map(text => text.trim())
  await page.locator('table tbody tr').first().waitFor()
  for (let tries = 0; tries < 60 && JSON.stringify(await shown()) !== JSON.stringify(expected); tries++) await page.waitForTimeout(250)
  return await shown()
}

/** Waits until the form's field shows the stored `value` (the edit view has loaded its entry). */
async function loadedField (page: Page, label: RegExp, value: string): Promise<string> {
  const field = page.getByLabel(label)
  await field.waitFor()
  for (let tries = 0; tries < 60 && await field.inputValue() !== value; tries++) await page.waitForTimeout(250)
  return await field.inputValue()
}

const others = (await adminCall(tokens.editor, 'POST', ARTICLES, { title: 'Written by the editor' })).body as { id: number }

t.test('an Author writes its own article, is refused another\'s, and sees no button its role lacks', async t => {
  const author = await watchedPage(browser, { width: 1280, height: 800 })
  const { page } = author
  t.teardown(async () => { await author.context.close() })
  await logIn(author, 'author')

  await page.goto(`${address}/admin${ARTICLES}/create`)
  await page.getByLabel(/^title/).fill('Written by the author')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.waitForURL(/\/api::article\.article\/\d+$/)
  const id = Number(/(\d+)$/.exec(page.url())?.[1])
  const created = await adminCall(tokens.editor, 'GET', `${ARTICLES}/${id}`)
  t.match(created.body, { title: 'Written by the author', publishedAt: null, createdBy: { id: ids.author } }, 'created, a draft, by the Author')

  // Opened afresh: right after the create, the create form may still be on the page for a moment.
  await page.goto(`${address}/admin${ARTICLES}/${id}`)
  t.equal(await loadedField(page, /^title/, 'Written by the author'), 'Written by the author', 'the Author opens its own entry')
  await page.getByLabel(/^title/).fill('Written by the author, then edited')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Element updated').waitFor()
  t.equal((await adminCall(tokens.editor, 'GET', `${ARTICLES}/${id}`)).body.title, 'Written by the author, then edited', 'its edit is stored')
  t.equal(await page.getByRole('button', { name: 'Publish' }).count(), 0, 'no Publish button in the form')

  const deepLink = await fetch(`${address}/admin${ARTICLES}`)
  t.equal(deepLink.status, 200, 'a list\'s deep link (its uid has a dot) answers the page, not a file\'s 404')
  await page.goto(`${address}/admin${ARTICLES}`)
  const own = await adminCall(tokens.author, 'GET', `${ARTICLES}?page=1&pageSize=10&sort=title:ASC`)
  t.same(own.body.results.map((entry: any) => entry.title), ['Written by the author, then edited'], 'the API lists only the Author\'s own')
  t.same(await listedTitles(page, ['Written by the author, then edited']), ['Written by the author, then edited'], 'and so does the list')
  await page.getByRole('row', { name: /Written by the author/ }).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Delete' }).waitFor()
  t.equal(await page.getByRole('button', { name: 'Publish' }).count(), 0, 'the bulk actions offer delete, not publish')
  t.equal(await page.getByRole('button', { name: 'Unpublish' }).count(), 0, 'nor unpublish')

  const before = author.problems.length
  await page.goto(`${address}/admin${ARTICLES}/${others.id}`)
  const refusal = page.getByRole('alert').filter({ hasText: 'You are not allowed to open this entry' })
  await refusal.waitFor()
  t.ok(await refusal.isVisible(), 'another author\'s entry: a clear refusal in place of the form')
  t.equal(await page.getByLabel(/^title/).count(), 0, 'and no form')
  const refused = await adminCall(tokens.author, 'GET', `${ARTICLES}/${others.id}`)
  t.match(refused, { status: 403, body: { data: null, error: { status: 403, name: 'ForbiddenError' } } }, 'the API answers 403')
  // The browser logs the refused request: expected here, and only it.
  t.ok(author.problems.splice(before).every(problem => /status of 403/.test(problem)), 'the only console line is the refused request')
  t.same(author.problems, [], 'no other console error')
})

t.test('an Editor selects rows and publishes, unpublishes, then deletes them, each seen through /api', async t => {
  for (const title of ['Bulk A', 'Bulk B', 'Bulk C']) await adminCall(tokens.editor, 'POST', ARTICLES, { title })
  const editor = await watchedPage(browser, { width: 1280, height: 800 })
  const { page } = editor
  t.teardown(async () => { await editor.context.close() })
  await logIn(editor, 'editor')
  await page.goto(`${address}/admin${ARTICLES}`)
  await page.getByLabel('Search').fill('Bulk')
  const titles = ['Bulk A', 'Bulk B', 'Bulk C']
  t.same(await listedTitles(page, titles), titles, 'the three drafts are listed')
  t.same(await apiTitles('Bulk'), [], 'none is published yet')

  const selectAll = async (): Promise<void> => {
    await page.getByRole('checkbox', { name: 'Select all' }).check()
    await page.getByText('3 items selected').waitFor()
  }
  await selectAll()
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByText('3 entries published').waitFor()
  t.same(await apiTitles('Bulk'), titles, 'bulk publish: /api serves all three')
  await page.getByRole('row', { name: /Bulk A/ }).getByText('Published').waitFor()

  await selectAll()
  await page.getByRole('button', { name: 'Unpublish', exact: true }).click()
  await page.getByText('3 entries unpublished').waitFor()
  t.same(await apiTitles('Bulk'), [], 'bulk unpublish: /api serves none')
  t.same(await apiTitles('Bulk', 'preview'), titles, 'they are drafts again')
  await page.getByRole('row', { name: /Bulk A/ }).getByText('Draft').waitFor()

  await selectAll()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
  await page.getByText(/3 elements deleted/).waitFor()
  t.same(await apiTitles('Bulk', 'preview'), [], 'bulk delete: gone, drafts included')
  t.same(editor.problems, [], 'no console error')
})

t.test('a phone-sized screen: a simple list, an entry opened, a field edited and saved', async t => {
  const { id } = (await adminCall(tokens.editor, 'POST', ARTICLES, { title: 'Read on a phone' })).body as { id: number }
  const phone = await watchedPage(browser, { width: 390, height: 844 })
  const { page } = phone
  t.teardown(async () => { await phone.context.close() })
  await logIn(phone, 'editor')
  await page.goto(`${address}/admin${ARTICLES}`)
  const item = page.getByRole('link', { name: /Read on a phone/ })
  await item.waitFor()
  t.equal(await page.locator('table').count(), 0, 'no table on a phone')
  t.ok(await page.getByRole('link', { name: /Written by the editor/ }).isVisible(), 'each entry is a line of a simple list')
  t.match(await item.innerText(), 'Draft', 'with its status')

  await item.click()
  await page.waitForURL(new RegExp(`/api::article\\.article/${id}$`))
  t.equal(await loadedField(page, /^title/, 'Read on a phone'), 'Read on a phone', 'the entry opens')
  await page.getByLabel(/^title/).fill('Edited on a phone')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText('Element updated').waitFor()
  t.equal((await adminCall(tokens.editor, 'GET', `${ARTICLES}/${id}`)).body.title, 'Edited on a phone', 'saved')
  t.same(phone.problems, [], 'no console error')
})
