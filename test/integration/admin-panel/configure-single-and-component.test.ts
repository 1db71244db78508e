/**
 * "Configure the view" of a single type and of a component in Debian's Chromium
 * (playwright-core), against the plugin on a real port and a real PostgreSQL: the Super Admin
 * reaches the single type's screen from its edit view, relabels and describes a field, and the
 * edit view shows the new label and description; from there it opens the screen of a component
 * the type holds and relabels one of its fields; both read back through the admin API. An
 * Editor has no link on the single type, and is refused at the component's address.
 */
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { buildAdminPanel, launchChromium, logInThroughPanel, screenshotSteps, watchedPage } from '../../helpers/admin-panel-browser.js'
import type { WatchedPage } from '../../helpers/admin-panel-browser.js'

const PEOPLE = {
  admin: { email: 'admin@example.com', firstname: 'Ada', lastname: 'Min', password: 'admin-password-1', role: 'super-admin' },
  editor: { email: 'editor@example.com', firstname: 'Edith', lastname: 'Tor', password: 'editor-password-1', role: 'editor' }
} as const

t.setTimeout(600_000)
await buildAdminPanel()
const { app, close } = await buildTestApp({ rateLimit: false, admin: { enabled: true, jwtSecret: 'admin-configure-test-secret-0123456789' } })
for (const person of Object.values(PEOPLE)) await app.contentApi.admin.createUser(person)
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const browser = await launchChromium()
t.teardown(async () => {
  await browser.close()
  await close()
})

const login = await app.inject({ method: 'POST', url: '/admin/login', payload: { email: PEOPLE.admin.email, password: PEOPLE.admin.password } })
const adminToken = login.json().data.token as string
const seeded = await app.inject({ method: 'PUT', url: '/content-manager/single-types/api::homepage.homepage', headers: { authorization: `Bearer ${adminToken}` }, payload: { heading: 'Welcome home' } })
if (seeded.statusCode !== 200) throw new Error(`the homepage answered ${seeded.statusCode}: ${seeded.body}`)

async function configuration (path: string): Promise<any> {
  const response = await app.inject({ url: `/content-manager/${path}/configuration`, headers: { authorization: `Bearer ${adminToken}` } })
  return response.json().data
}

async function logIn (watched: WatchedPage, person: keyof typeof PEOPLE): Promise<void> {
  await logInThroughPanel(watched, address, PEOPLE[person])
}

const superAdmin = await watchedPage(browser, { width: 1280, height: 900 })
const { page } = superAdmin
const step = screenshotSteps({ page, file: 'configure-single-and-component' })

await step('a single type: from its edit view to its screen, a field relabelled and described, seen in the edit view', async t => {
  await logIn(superAdmin, 'admin')
  await page.getByRole('menuitem', { name: 'Homepage' }).click()
  await page.getByLabel(/^heading/).waitFor()
  t.equal(await page.getByLabel(/^heading/).inputValue(), 'Welcome home', 'the entry\'s form')
  await page.getByRole('link', { name: 'Configure the view' }).click()
  await page.getByRole('heading', { name: 'Configure the view of Homepage' }).waitFor()
  t.equal(await page.getByLabel('Label of column heading').count(), 0, 'a single type has no list columns')
  await page.getByLabel('Label of field heading').fill('Main heading')
  await page.getByLabel('Description of field heading').fill('Shown at the top of the front page')
  await page.getByRole('button', { name: 'Save the view' }).click()
  await page.getByText('The view is saved').waitFor()
  const saved = await configuration('content-types/api::homepage.homepage')
  t.match(saved.contentType.metadatas.heading.edit, { label: 'Main heading', description: 'Shown at the top of the front page' }, 'read back through the API')
  await page.getByRole('link', { name: 'Back to the entry' }).click()
  const field = page.getByLabel(/^Main heading/)
  await field.waitFor()
  const description = page.getByText('Shown at the top of the front page')
  await description.waitFor()
  t.ok(await field.isVisible() && await description.isVisible(), 'the edit view shows the new label and description')
})

await step('a component: from the type\'s screen to the component\'s, a field relabelled', async t => {
  await page.getByRole('link', { name: 'Configure the view' }).click()
  await page.getByRole('heading', { name: 'Configure the view of Homepage' }).waitFor()
  await page.getByRole('link', { name: 'Configure the view of SEO' }).click()
  await page.getByRole('heading', { name: 'Configure the view of SEO' }).waitFor()
  t.match(page.url(), /\/admin\/content-manager\/components\/shared\.seo\/configurations\/edit$/, 'at Strapi\'s address for it')
  await page.getByLabel('Label of field metaTitle').fill('Title for search engines')
  await page.getByLabel('Width of field metaTitle').fill('12')
  await page.getByRole('button', { name: 'Save the view' }).click()
  await page.getByText('The view is saved').waitFor()
  const saved = await configuration('components/shared.seo')
  t.equal(saved.component.metadatas.metaTitle.edit.label, 'Title for search engines', 'read back through the API')
  t.same(saved.component.layouts.edit[0][0], { name: 'metaTitle', size: 12 })
  const held = await configuration('content-types/api::homepage.homepage')
  t.equal(held.components['shared.seo'].metadatas.metaTitle.edit.label, 'Title for search engines', 'and in the configuration of the type that holds it')
  await page.reload()
  t.equal(await page.getByLabel('Label of field metaTitle').inputValue(), 'Title for search engines', 'kept after a reload')
  t.same(superAdmin.problems, [], 'no console error')
})

await step('an Editor has no link on the single type and is refused at the component\'s screen', async t => {
  const editor = await watchedPage(browser, { width: 1280, height: 900 })
  await logIn(editor, 'editor')
  await editor.page.getByRole('menuitem', { name: 'Homepage' }).click()
  await editor.page.getByLabel(/^Main heading/).waitFor()
  t.equal(await editor.page.getByRole('link', { name: 'Configure the view' }).count(), 0, 'no link')
  await editor.page.goto(`${address}/admin/content-manager/components/shared.seo/configurations/edit`)
  await editor.page.getByRole('alert').filter({ hasText: 'You are not allowed to configure this view' }).waitFor()
  t.same(editor.problems, [], 'no console error')
  await editor.context.close()
})
