/**
 * Settings → Administrators in Debian's Chromium (playwright-core), against the plugin on a real
 * port and a real PostgreSQL: the Super Admin searches the list, creates an administrator (who
 * then logs in), edits its name and role and deactivates it (its log in refused), and deletes
 * it, each checked through the admin API; an Editor has no link to the screen, is refused at
 * its address, and the API answers it 403. Each step waits on roles and labels, never on time.
 */
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { buildAdminPanel, keepScreenshot, launchChromium, logInThroughPanel, screenshotSteps, watchedPage } from '../../helpers/admin-panel-browser.js'
import type { WatchedPage } from '../../helpers/admin-panel-browser.js'

const PEOPLE = {
  admin: { email: 'admin@example.com', firstname: 'Ada', lastname: 'Min', password: 'admin-password-1', role: 'super-admin' },
  editor: { email: 'editor@example.com', firstname: 'Edith', lastname: 'Tor', password: 'editor-password-1', role: 'editor' }
} as const

t.setTimeout(600_000)
await buildAdminPanel()
const { app, close } = await buildTestApp({ rateLimit: false, admin: { enabled: true, jwtSecret: 'admin-users-test-secret-0123456789' } })
for (const person of Object.values(PEOPLE)) await app.contentApi.admin.createUser(person)
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const browser = await launchChromium()
t.teardown(async () => {
  await browser.close()
  await close()
})

async function logInByApi (email: string, password: string): Promise<{ status: number, token?: string }> {
  const response = await app.inject({ method: 'POST', url: '/admin/login', payload: { email, password } })
  return { status: response.statusCode, token: response.json().data?.token }
}
const adminToken = (await logInByApi(PEOPLE.admin.email, PEOPLE.admin.password)).token!

async function adminUsers (query: string): Promise<any[]> {
  const response = await app.inject({ url: `/admin/users?${query}`, headers: { authorization: `Bearer ${adminToken}` } })
  return response.json().data.results
}

async function logIn (watched: WatchedPage, person: keyof typeof PEOPLE): Promise<void> {
  await logInThroughPanel(watched, address, PEOPLE[person])
}

const superAdmin = await watchedPage(browser, { width: 1280, height: 900 })
const { page } = superAdmin
const step = screenshotSteps({ page, file: 'administrators' })
const rows = page.getByRole('table', { name: 'Administrators' }).locator('tbody tr')
page.on('dialog', dialog => { void dialog.accept() })

await step('the Super Admin opens Administrators from the menu and searches', async t => {
  await logIn(superAdmin, 'admin')
  await page.getByRole('menuitem', { name: 'Administrators' }).click()
  await page.getByRole('heading', { name: 'Administrators', level: 1 }).waitFor()
  await rows.nth(1).waitFor()
  t.same(await rows.locator('td:nth-child(2)').allInnerTexts(), ['admin@example.com', 'editor@example.com'])
  await page.getByLabel('Search administrators').fill('edith')
  await rows.filter({ hasText: 'admin@example.com' }).waitFor({ state: 'detached' })
  t.same(await rows.locator('td:nth-child(2)').allInnerTexts(), ['editor@example.com'], 'the search by name')
  await page.getByLabel('Search administrators').fill('')
})

await step('creates an administrator, who then logs in as an Author', async t => {
  await page.getByRole('button', { name: 'Create an administrator' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('First name').fill('Nora')
  await dialog.getByLabel('Last name').fill('New')
  await dialog.getByLabel('Email').fill('nora@example.com')
  await dialog.getByLabel('Password').fill('short')
  await dialog.getByLabel('Role').click()
  await page.getByRole('option', { name: 'Author' }).click()
  await dialog.getByRole('button', { name: 'Create' }).click()
  await dialog.getByText('password must be at least 8 characters').waitFor()
  t.ok(superAdmin.problems.splice(0).every(problem => /status of 400/.test(problem)), 'the only console line is the refused request')
  t.same(await adminUsers('_q=nora'), [], 'the server refused it, shown at its input; nothing saved')
  await dialog.getByLabel('Password').fill('nora-password-1')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await dialog.waitFor({ state: 'detached' })
  await rows.filter({ hasText: 'nora@example.com' }).waitFor()
  t.match(await adminUsers('_q=nora'), [{ firstname: 'Nora', lastname: 'New', isActive: true, roles: [{ code: 'strapi-author' }] }])
  t.equal((await logInByApi('nora@example.com', 'nora-password-1')).status, 200, 'the new administrator logs in')
})

await step('edits its name and role and deactivates it: it can no longer log in', async t => {
  await page.getByRole('button', { name: 'Edit nora@example.com' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('First name').fill('Norah')
  await dialog.getByLabel('Role').click()
  await page.getByRole('option', { name: 'Editor' }).click()
  await dialog.getByLabel('Active (may sign in)').uncheck()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await dialog.waitFor({ state: 'detached' })
  await rows.filter({ hasText: 'Norah New' }).getByText('Inactive').waitFor()
  t.match(await adminUsers('_q=nora'), [{ firstname: 'Norah', isActive: false, roles: [{ code: 'strapi-editor' }] }])
  t.equal((await logInByApi('nora@example.com', 'nora-password-1')).status, 400, 'a deactivated administrator cannot log in')
  await keepScreenshot(page, 'administrators')
})

await step('deletes it', async t => {
  await page.getByRole('button', { name: 'Delete nora@example.com' }).click()
  await rows.filter({ hasText: 'nora@example.com' }).waitFor({ state: 'detached' })
  t.same(await adminUsers('_q=nora'), [], 'gone from the API')
  t.same(superAdmin.problems, [], 'no console error')
})

await step('an Editor has no link to the screen, is refused at its address, and by the API', async t => {
  const editor = await watchedPage(browser, { width: 1280, height: 900 })
  await logIn(editor, 'editor')
  await editor.page.getByRole('menuitem', { name: 'Media library' }).waitFor()
  t.equal(await editor.page.getByRole('menuitem', { name: 'Administrators' }).count(), 0, 'no link')
  await editor.page.goto(`${address}/admin/settings/users`)
  await editor.page.getByRole('alert').filter({ hasText: 'You are not allowed to manage administrators' }).waitFor()
  const token = (await logInByApi(PEOPLE.editor.email, PEOPLE.editor.password)).token!
  const refused = await app.inject({ url: '/admin/users', headers: { authorization: `Bearer ${token}` } })
  t.equal(refused.statusCode, 403)
  t.same(editor.problems, [], 'no console error')
  await editor.context.close()
})
