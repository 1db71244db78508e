/**
 * The admin panel for each role and on a phone, in Debian's Chromium driven by playwright-core,
 * against the plugin on a real port and a real PostgreSQL: an Author writes its own article and
 * is shown a clear refusal for another's (the API answers 403) without the buttons its role
 * lacks; an Editor's bulk publish, unpublish and delete, each checked through `/api`; the list
 * as a simple list on a 375×667 screen, an entry opened, edited and saved there, lines
 * selected and bulk published and deleted there; the Super Admin's "Configure the view" (a
 * column removed, another added, the default sort changed, a width off the grid refused at its
 * input), seen in the list after a reload, and the screen absent for an Editor (the API: 403).
 * One server and one browser for the file; each step waits on roles and labels, never on time.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { buildTestApp } from '../../helpers/app.js'
import { buildAdminPanel, keepScreenshot, launchChromium, logInThroughPanel, watchedPage } from '../../helpers/admin-panel-browser.js'
import type { WatchedPage } from '../../helpers/admin-panel-browser.js'

const ARTICLES = '/content-manager/collection-types/api::article.article'
const AUTHORS = '/content-manager/collection-types/api::author.author'
const CONFIGURATION = '/content-manager/content-types/api::article.article/configuration'
const PEOPLE = {
  admin: { email: 'admin@example.com', firstname: 'Ada', lastname: 'Min', password: 'admin-password-1', role: 'super-admin' },
  editor: { email: 'editor@example.com', firstname: 'Edith', lastname: 'Tor', password: 'editor-password-1', role: 'editor' },
  author: { email: 'author@example.com', firstname: 'Arthur', lastname: 'Ink', password: 'author-password-1', role: 'author' }
} as const

// The bundle's build when stale and a browser on a loaded two-core machine: more than tap's default.
t.setTimeout(600_000)
await buildAdminPanel()
const { app, close } = await buildTestApp({ admin: { enabled: true, jwtSecret: 'admin-roles-test-secret-0123456789' } })
await app.contentApi.admin.createUser(PEOPLE.admin)
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
const tokens = { admin: await tokenOf('admin'), editor: await tokenOf('editor'), author: await tokenOf('author') }

/** The admin API as `token`'s admin: status and parsed body. */
async function adminCall (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<{ status: number, body: any }> {
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
  await logInThroughPanel(watched, address, PEOPLE[person])
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

const PHONE = { width: 375, height: 667 }

t.test('a phone-sized screen: a simple list, an entry opened, a field edited and saved', async t => {
  const { id } = (await adminCall(tokens.editor, 'POST', ARTICLES, { title: 'Read on a phone' })).body as { id: number }
  const phone = await watchedPage(browser, PHONE)
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

t.test('a phone-sized screen: lines selected, then bulk published and deleted, each seen through /api', async t => {
  const titles = ['Phone A', 'Phone B', 'Phone C']
  for (const title of titles) await adminCall(tokens.editor, 'POST', ARTICLES, { title })
  const phone = await watchedPage(browser, PHONE)
  const { page } = phone
  t.teardown(async () => { await phone.context.close() })
  await logIn(phone, 'editor')
  await page.goto(`${address}/admin${ARTICLES}`)
  await page.getByLabel('Search').fill('Phone')
  await page.getByRole('link', { name: /Phone C/ }).waitFor()
  t.equal(await page.locator('table').count(), 0, 'still no table')

  await page.getByRole('checkbox', { name: 'Select Phone A' }).check()
  await page.getByRole('checkbox', { name: 'Select Phone B' }).check()
  await page.getByText('2 items selected').waitFor()
  await keepScreenshot(page, 'phone-selection')
  for (const name of ['Publish', 'Unpublish', 'Delete']) {
    // On a phone react-admin's buttons are icons named by their label: one without an icon is an empty square.
    t.equal(await page.getByRole('button', { name, exact: true }).locator('svg').count(), 1, `the ${name} button shows its icon`)
  }
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByText('2 entries published').waitFor()
  t.same(await apiTitles('Phone'), ['Phone A', 'Phone B'], 'bulk publish on a phone: /api serves the two selected')
  await page.getByRole('link', { name: /Phone A/ }).getByText('Published').waitFor()
  t.equal(await page.getByRole('checkbox', { name: 'Select Phone A' }).isChecked(), false, 'the selection is cleared after the action')

  for (const title of titles) await page.getByRole('checkbox', { name: `Select ${title}` }).check()
  await page.getByText('3 items selected').waitFor()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
  await page.getByText(/3 elements deleted/).waitFor()
  t.same(await apiTitles('Phone', 'preview'), [], 'bulk delete on a phone: gone, drafts included')
  t.same(phone.problems, [], 'no console error')
})

t.test('an Editor has no "Configure the view", and the API refuses its configuration', async t => {
  const editor = await watchedPage(browser, { width: 1280, height: 800 })
  const { page } = editor
  t.teardown(async () => { await editor.context.close() })
  await logIn(editor, 'editor')
  await page.goto(`${address}/admin${ARTICLES}`)
  await page.locator('table tbody tr').first().waitFor()
  t.equal(await page.getByRole('link', { name: 'Configure the view' }).count(), 0, 'no way to the screen from the list')
  await page.goto(`${address}/admin${ARTICLES}/configurations/edit`)
  await page.getByRole('alert').filter({ hasText: 'You are not allowed to configure this view' }).waitFor()
  t.equal(await page.getByRole('button', { name: 'Save the view' }).count(), 0, 'a link to it shows the refusal, not the form')
  for (const person of ['editor', 'author'] as const) {
    const refused = await adminCall(tokens[person], 'PUT', CONFIGURATION, { settings: { pageSize: 20 } })
    t.match(refused, { status: 403, body: { data: null, error: { status: 403, name: 'ForbiddenError' } } }, `the API answers the ${person} 403`)
  }
  t.equal((await adminCall(tokens.admin, 'GET', CONFIGURATION)).body.data.contentType.settings.pageSize, 10, 'nothing was saved')
  t.same(editor.problems, [], 'no console error')
})

// Last: it changes the article list's default sort, which the steps above read.
t.test('the Super Admin configures the list: a column removed, an author column added, the sort changed; a bad width refused at its input', async t => {
  const author = (await adminCall(tokens.admin, 'POST', AUTHORS, { name: 'Ada Writer' })).body as { id: number }
  for (const title of ['Sorted A', 'Sorted B', 'Sorted C']) {
    await adminCall(tokens.admin, 'POST', ARTICLES, { title, ...(title === 'Sorted B' ? { author: { connect: [{ id: author.id }] } } : {}) })
  }
  const before = (await adminCall(tokens.admin, 'GET', CONFIGURATION)).body.data.contentType
  t.same(before.layouts.list, ['id', 'title', 'slug', 'excerpt'], 'the default columns')
  const admin = await watchedPage(browser, { width: 1280, height: 800 })
  const { page } = admin
  t.teardown(async () => { await admin.context.close() })
  await logIn(admin, 'admin')
  await page.goto(`${address}/admin${ARTICLES}`)
  await page.locator('table th.column-excerpt').waitFor()
  await page.getByRole('link', { name: 'Configure the view' }).click()
  await page.getByRole('heading', { name: 'Configure the view of Article' }).waitFor()
  t.match(page.url(), /\/api::article\.article\/configurations\/edit$/, 'at Strapi\'s address for the screen')

  await page.getByRole('button', { name: 'Remove column excerpt' }).click()
  await page.getByRole('combobox', { name: 'Column to add' }).click()
  await page.getByRole('option', { name: 'author', exact: true }).click()
  await page.getByRole('button', { name: 'Add the column' }).click()
  await page.getByLabel('Label of column author').fill('Written by')
  await page.getByLabel('Description of field excerpt').fill('A line or two for the list')
  await page.getByRole('combobox', { name: 'Default sort' }).click()
  await page.getByRole('option', { name: 'title', exact: true }).click()
  await page.getByRole('combobox', { name: 'Sort order' }).click()
  await page.getByRole('option', { name: 'Descending' }).click()

  const width = page.getByLabel('Width of field title')
  await width.fill('13')
  const refusedBefore = admin.problems.length
  await page.getByRole('button', { name: 'Save the view' }).click()
  await page.getByText(/size must be an integer from 1 to 12/).waitFor()
  t.equal(await width.getAttribute('aria-invalid'), 'true', 'a width off the grid: the server\'s refusal shown at its input')
  t.same((await adminCall(tokens.admin, 'GET', CONFIGURATION)).body.data.contentType.layouts.list, before.layouts.list, 'and nothing saved')
  t.ok(admin.problems.splice(refusedBefore).every(problem => /status of 400/.test(problem)), 'the only console line is the refused request')
  const bad = await adminCall(tokens.admin, 'PUT', CONFIGURATION, { layouts: { list: ['title', 'nope'] } })
  t.match(bad, { status: 400, body: { data: null, error: { name: 'ValidationError', details: { errors: [{ path: ['layouts', 'list', 1] }] } } } }, 'an unknown field: 400 at its path')

  await width.fill('6')
  await page.getByRole('button', { name: 'Save the view' }).click()
  await page.getByText('The view is saved').waitFor()
  await keepScreenshot(page, 'configure-view')
  t.equal(await width.getAttribute('aria-invalid'), 'false', 'the refusal is gone')
  const after = (await adminCall(tokens.admin, 'GET', CONFIGURATION)).body.data.contentType
  t.same(after.layouts.list, ['id', 'title', 'slug', 'author'], 'saved: excerpt gone, author added')
  t.match(after, { settings: { defaultSortBy: 'title', defaultSortOrder: 'DESC' }, metadatas: { author: { list: { label: 'Written by' } } } })

  await page.goto(`${address}/admin${ARTICLES}`)
  await page.reload()
  await page.getByLabel('Search').fill('Sorted')
  t.same(await listedTitles(page, ['Sorted C', 'Sorted B', 'Sorted A']), ['Sorted C', 'Sorted B', 'Sorted A'], 'the list sorts by title, descending')
  t.equal(await page.locator('table th.column-excerpt').count(), 0, 'without the removed column')
  t.equal((await page.locator('table thead th.column-author').innerText()).trim(), 'Written by', 'with the added one, under its label')
  t.equal((await page.getByRole('row', { name: /Sorted B/ }).locator('td.column-author').innerText()).trim(), 'Ada Writer', 'showing the author\'s main field')

  await page.getByRole('row', { name: /Sorted B/ }).locator('td.column-title').click()
  const excerpt = page.getByLabel(/^excerpt/)
  await excerpt.waitFor()
  const described = await excerpt.getAttribute('aria-describedby')
  t.equal((await page.locator(`[id="${described ?? ''}"]`).innerText()).trim(), 'A line or two for the list', 'the edit view shows the saved description under its field')
  t.same(admin.problems, [], 'no other console error')
})
