/**
 * An editor's journey through the admin panel, in Debian's Chromium driven by playwright-core,
 * by labels and roles as a person finds them, each result read back through the public `/api`:
 * an article written with a component, zone items, relations picked by search and an image
 * uploaded from the form; saved as a draft, published, edited again; translated into French;
 * its tags reordered with buttons, then tags and zone items by drag and drop; its uid generated, a taken one refused at its field and fixed; a client
 * validation error fixed; nothing lost when leaving a changed form; Ctrl+S; the Markdown
 * preview and the block editor, an image inserted into it from the media library and removed. The article type is the example's, made localized and given a
 * blocks attribute for this file. A failing step keeps its page under
 * .tap/admin-panel-screenshots/editor-journey/; a passing run keeps the list and the edit view
 * as .tap/admin-panel-screenshots/list.png and edit.png.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import type { Dialog, Locator, Request } from 'playwright-core'
import sharp from 'sharp'
import { seed } from '../../../example/seed.js'
import { EXAMPLE_SCHEMAS, buildTestApp } from '../../helpers/app.js'
import { buildAdminPanel, keepScreenshot, launchChromium, screenshotSteps, watchedPage } from '../../helpers/admin-panel-browser.js'

const ARTICLES = '/content-manager/collection-types/api::article.article'
const ADMIN = { firstname: 'Ada', lastname: 'Editor', email: 'ada.editor@example.com', password: 'Journey-through-the-panel-1' }
const TITLE = 'The editor journey'

/** The example's schemas, with the article localized and given a `content` blocks attribute. */
async function journeySchemas (): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'editor-journey-'))
  await cp(EXAMPLE_SCHEMAS, folder, { recursive: true })
  const path = join(folder, 'content-types', 'article.json')
  const article = JSON.parse(await readFile(path, 'utf8'))
  article.pluginOptions = { i18n: { localized: true } }
  article.attributes.content = { type: 'blocks' }
  await writeFile(path, JSON.stringify(article))
  return folder
}

t.setTimeout(600_000)
await buildAdminPanel()
const schemas = await journeySchemas()
const { app, close } = await buildTestApp({ schemas, i18n: { locales: ['en', 'fr'] }, admin: { enabled: true, jwtSecret: 'editor-journey-test-secret-0123456789' } })
await seed(app)
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const browser = await launchChromium()
const desktop = await watchedPage(browser, { width: 1280, height: 900 })
const { page } = desktop
// Every wait here is for something the panel shows within a second or two: a failing step
// should fail (and keep its screenshot) well before tap's timeout.
page.setDefaultTimeout(15_000)
const step = screenshotSteps({ page, file: 'editor-journey' })
t.teardown(async () => {
  await browser.close()
  await close()
  await rm(schemas, { recursive: true, force: true })
})

/** The public API's answer (the REST API of docs/api.md), through app.inject. */
async function publicGet (url: string): Promise<any> {
  const response = await app.inject({ method: 'GET', url })
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`)
  return response.json()
}

const isEntryWrite = (method: string, id: number) => (request: Request) => request.method() === method && decodeURIComponent(new URL(request.url()).pathname).endsWith(`/api::article.article/${id}`)

/** The input's value once `wanted` holds (it changes after a server's answer), or as it is after ten seconds. */
async function valueOnce (input: Locator, wanted: (value: string) => boolean): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const value = await input.inputValue()
    if (wanted(value)) return value
    await page.waitForTimeout(200)
  }
  return await input.inputValue()
}
/** Whether closing the tab now would ask first: a cancelable beforeunload, as the browser sends it, is prevented. */
async function wouldAskOnClose (): Promise<boolean> {
  return await page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true })
    ;(globalThis as unknown as EventTarget).dispatchEvent(event)
    return event.defaultPrevented
  })
}
const saveButton = () => page.getByRole('button', { name: 'Save', exact: true })
/**
 * Counts, from now on, the "Element updated" notices the page shows (react-admin's, once an
 * update is stored): a notice still open from an earlier save must not pass for this one's.
 */
async function countSavedNotices (): Promise<void> {
  await page.evaluate(() => {
    const scope = globalThis as any
    scope.savedNoticesObserver?.disconnect()
    scope.savedNotices = 0
    scope.savedNoticesObserver = new scope.MutationObserver((records: any[]) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (String(node.textContent ?? '').includes('Element updated')) scope.savedNotices++
      }
    })
    scope.savedNoticesObserver.observe(scope.document.body, { childList: true, subtree: true })
  })
}

/**
 * Whether the form has settled after a save, seen in one look at the page: the notice of this
 * save came, Save is disabled and not spinning (react-hook-form is done submitting and the form
 * was reset to the stored entry), and closing the tab would not ask (no field holds a change).
 * The reset comes a render after the notice, so the notice alone would let the next step type
 * into a form about to be reset.
 */
async function untilSettled (): Promise<void> {
  await page.waitForFunction(() => {
    const scope = globalThis as any
    if (scope.savedNotices === undefined || scope.savedNotices < 1) return false
    const save = [...scope.document.querySelectorAll('button')].find((button: any) => button.getAttribute('aria-label') === 'Save')
    if (save === undefined || !save.disabled || save.querySelector('.MuiCircularProgress-root') !== null) return false
    const event = new Event('beforeunload', { cancelable: true })
    ;(globalThis as unknown as EventTarget).dispatchEvent(event)
    return !event.defaultPrevented
  })
}

/**
 * Saves by `trigger` (the button, Ctrl+S) and answers the PUT the panel sent, once the server
 * answered it and, when it was accepted, the form has settled on the saved entry (untilSettled).
 */
async function saveBy (trigger: () => Promise<void>, id: number): Promise<{ body: any, status: number }> {
  await countSavedNotices()
  const answered = page.waitForResponse(response => isEntryWrite('PUT', id)(response.request()))
  await trigger()
  const response = await answered
  if (response.ok()) await untilSettled()
  return { body: response.request().postDataJSON(), status: response.status() }
}

let id = 0
let frenchId = 0
let design = 0
let science = 0

await step('log in', async t => {
  const registered = await app.inject({ method: 'POST', url: '/admin/register-admin', payload: ADMIN })
  t.equal(registered.statusCode, 200, 'the first admin is registered through the API')
  await page.goto(`${address}/admin`)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  const welcome = page.getByRole('heading', { name: /^Welcome/ })
  await welcome.waitFor()
  t.ok(await welcome.isVisible(), 'the dashboard opens')
})

await step('create an article: a component, two zone items, relations by search, an image uploaded from the form; draft, publish, edit again', async t => {
  await page.goto(`${address}/admin${ARTICLES}/create`)
  await page.getByLabel(/^title/).fill(TITLE)
  await page.getByLabel('excerpt').fill('Written in English first.')

  await page.getByRole('button', { name: /^Add seo/ }).click()
  await page.getByLabel('metaTitle').fill('Journey SEO')
  const zone = page.getByRole('group', { name: 'blocks', exact: true })
  await zone.getByRole('button', { name: 'Add a component to blocks' }).click()
  await page.getByRole('menuitem', { name: 'Quote' }).click()
  await zone.getByLabel(/^text/).fill('Every field has a label.')
  await zone.getByRole('button', { name: 'Add a component to blocks' }).click()
  await page.getByRole('menuitem', { name: 'Rich text' }).click()
  await zone.getByLabel('body', { exact: true }).fill('A *second* item.')

  const author = page.getByRole('combobox', { name: 'Choose author' })
  await author.click()
  await author.fill('chen')
  await page.getByRole('option', { name: 'Chen Wei' }).click()
  for (const [search, name] of [['clim', 'Climate'], ['scien', 'Science'], ['desi', 'Design']] as const) {
    const tags = page.getByRole('combobox', { name: 'Add to tags' })
    await tags.click()
    await tags.fill(search)
    await page.getByRole('option', { name }).click()
  }
  const tagList = page.getByRole('list', { name: 'tags: linked entries' })
  t.same(await tagList.getByRole('listitem').allInnerTexts(), ['Climate', 'Science', 'Design'], 'the three tags are listed in the order picked')

  await page.getByRole('button', { name: 'Choose cover', exact: true }).click()
  const picker = page.getByRole('dialog')
  const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 20, g: 90, b: 200 } } }).png().toBuffer()
  await picker.getByLabel('Files to upload').setInputFiles({ name: 'journey-cover.png', mimeType: 'image/png', buffer: png })
  const uploaded = picker.getByRole('button', { name: 'Pick journey-cover.png' })
  await uploaded.waitFor()
  t.equal(await uploaded.getAttribute('aria-pressed'), 'true', 'the file uploaded in the picker is picked')
  await picker.getByRole('button', { name: 'Finish' }).click()
  await picker.waitFor({ state: 'detached' })
  const coverGroup = page.getByRole('group', { name: 'cover', exact: true })
  t.ok(await coverGroup.getByRole('img', { name: 'journey-cover.png' }).isVisible(), 'the form shows the cover')

  await saveButton().click()
  await page.waitForURL(/\/api::article\.article\/\d+$/)
  id = Number(/(\d+)$/.exec(page.url())?.[1])
  t.equal((await app.inject(`/api/articles/${id}`)).statusCode, 404, 'a draft is not served live')
  const draft = (await publicGet(`/api/articles/${id}?publicationState=preview&populate=*`)).data.attributes
  t.equal(draft.title, TITLE, 'the title')
  t.equal(draft.locale, 'en', 'created in the default locale')
  t.equal(draft.seo?.metaTitle, 'Journey SEO', 'the component')
  t.same(draft.blocks.map((item: any) => item.__component), ['blocks.quote', 'blocks.rich-text'], 'two zone items, in order')
  t.same(draft.blocks.map((item: any) => item.text ?? item.body), ['Every field has a label.', 'A *second* item.'], 'their values')
  t.equal(draft.author.data?.attributes.name, 'Chen Wei', 'the author picked by search')
  const tags = draft.tags.data.map((tag: any) => tag.attributes.name)
  t.same(tags, ['Climate', 'Science', 'Design'], 'the tags picked by search, in order')
  science = draft.tags.data[1].id
  design = draft.tags.data[2].id
  t.equal(draft.cover.data?.attributes.name, 'journey-cover.png', 'the image uploaded from the form is the cover')

  await page.getByRole('button', { name: 'Publish' }).click()
  await page.getByRole('button', { name: 'Unpublish' }).waitFor()
  t.equal((await publicGet(`/api/articles/${id}`)).data.attributes.title, TITLE, 'published: served live')

  await page.getByLabel('excerpt').fill('Written in English first, then edited.')
  const saved = await saveBy(async () => { await saveButton().click() }, id)
  t.equal(saved.status, 200, 'the edit is saved')
  t.equal((await publicGet(`/api/articles/${id}`)).data.attributes.excerpt, 'Written in English first, then edited.', 'the edit is served')
})

await step('translate: switch locale, create the fr localization, fill it from en, save', async t => {
  await page.getByLabel('Locale', { exact: true }).click()
  await page.getByRole('option', { name: /\(create\)$/ }).click()
  await page.waitForURL(/\/create\?locale=fr&relatedEntityId=\d+/)
  await page.getByText(/^New localization: /).waitFor()
  t.equal(await page.getByLabel(/^title/).inputValue(), '', 'a new localization starts empty')
  await page.getByLabel('Fill in from another locale').click()
  await page.getByRole('option', { name: 'en', exact: true }).click()
  t.equal(await valueOnce(page.getByLabel(/^title/), value => value === TITLE), TITLE, 'the title is filled in from en')
  t.equal(await page.getByLabel('metaTitle').inputValue(), 'Journey SEO', 'the component is filled in from en')
  await page.getByLabel(/^title/).fill('Le parcours de l’éditrice')
  await page.getByLabel('excerpt').fill('Écrit d’abord en anglais.')
  await saveButton().click()
  await page.waitForURL(/\/api::article\.article\/\d+$/)
  frenchId = Number(/(\d+)$/.exec(page.url())?.[1])
  t.not(frenchId, id, 'the localization is an entry of its own')
  await page.getByLabel('Locale', { exact: true }).click()
  await page.getByRole('option', { name: /^English/ }).click()
  await page.waitForURL(new RegExp(`/api::article\\.article/${id}$`))
  t.equal(await valueOnce(page.getByLabel(/^title/), value => value === TITLE), TITLE, 'the locale bar switches back to the en entry')

  const french = await publicGet('/api/articles?locale=fr&publicationState=preview&populate=*')
  t.same(french.data.map((entry: any) => entry.id), [frenchId], 'the fr locale holds the new localization only')
  const fr = french.data[0].attributes
  t.equal(fr.title, 'Le parcours de l’éditrice', 'its own title')
  t.equal(fr.locale, 'fr', 'its locale')
  t.equal(fr.seo?.metaTitle, 'Journey SEO', 'the component filled in from en')
  t.same(fr.blocks.map((item: any) => item.__component), ['blocks.quote', 'blocks.rich-text'], 'the zone filled in from en')
  t.equal(fr.cover.data?.attributes.name, 'journey-cover.png', 'the media filled in from en')
  const english = await publicGet(`/api/articles?locale=en&filters[id][$eq]=${id}&publicationState=preview&populate[localizations][fields][0]=locale`)
  t.equal(english.data[0].attributes.title, TITLE, 'the en entry kept its title')
  t.same(english.data[0].attributes.localizations.data.map((item: any) => [item.id, item.attributes.locale]), [[frenchId, 'fr']], 'the two are localizations of each other')
})

await step('reorder a to-many relation with the move buttons', async t => {
  await page.goto(`${address}/admin${ARTICLES}/${id}`)
  const tagList = page.getByRole('list', { name: 'tags: linked entries' })
  await tagList.getByText('Design').waitFor()
  await page.getByRole('button', { name: 'Move Design up' }).click()
  t.same(await tagList.getByRole('listitem').allInnerTexts(), ['Climate', 'Design', 'Science'], 'the list shows the new order')
  const saved = await saveBy(async () => { await saveButton().click() }, id)
  t.same(saved.body.tags, { connect: [{ id: design, position: { before: science } }], disconnect: [] }, 'the panel sends the move as connect with a position')
  const tags = (await publicGet(`/api/articles/${id}?populate=tags`)).data.attributes.tags.data.map((tag: any) => tag.attributes.name)
  t.same(tags, ['Climate', 'Design', 'Science'], 'the API serves the new order')
})

/**
 * Drags `handle` onto `target`'s place with the mouse, in small steps as a hand does: dnd-kit
 * starts a drag only after a few pixels, and a drop lands on the item whose middle is nearest.
 */
async function drag (handle: Locator, target: Locator): Promise<void> {
  // The mouse reaches only what is on the screen: the target first, the handle (just below it) after.
  await target.scrollIntoViewIfNeeded()
  await handle.scrollIntoViewIfNeeded()
  const from = await handle.boundingBox()
  const to = await target.boundingBox()
  if (from === null || to === null) throw new Error('the drag handles are not on the page')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 3 })
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 15 })
  await page.mouse.up()
}

await step('drag and drop: a relation link above another, a zone item above another', async t => {
  await page.goto(`${address}/admin${ARTICLES}/${id}`)
  const tagList = page.getByRole('list', { name: 'tags: linked entries' })
  await tagList.getByText('Science').waitFor()
  const climate = (await publicGet(`/api/articles/${id}?populate=tags`)).data.attributes.tags.data[0].id
  await drag(page.getByRole('button', { name: 'Drag Science', exact: true }), page.getByRole('button', { name: 'Drag Climate', exact: true }))
  t.same(await tagList.getByRole('listitem').allInnerTexts(), ['Science', 'Climate', 'Design'], 'the dropped link is listed first')

  const zone = page.getByRole('group', { name: 'blocks', exact: true })
  await drag(zone.getByRole('button', { name: 'Drag Rich text 2', exact: true }), zone.getByRole('button', { name: 'Drag Quote 1', exact: true }))
  await zone.getByRole('button', { name: 'Drag Rich text 1', exact: true }).waitFor()
  t.equal(await zone.getByLabel('body', { exact: true }).inputValue(), 'A *second* item.', 'the dragged zone item keeps its value')

  const saved = await saveBy(async () => { await saveButton().click() }, id)
  t.same(saved.body.tags, { connect: [{ id: science, position: { before: climate } }], disconnect: [] }, 'the drop is sent as connect with a position, as a move is')
  const stored = (await publicGet(`/api/articles/${id}?populate=*`)).data.attributes
  t.same(stored.tags.data.map((tag: any) => tag.attributes.name), ['Science', 'Climate', 'Design'], 'the API serves the dropped order')
  t.same(stored.blocks.map((item: any) => [item.__component, item.text ?? item.body]), [['blocks.rich-text', 'A *second* item.'], ['blocks.quote', 'Every field has a label.']], 'the zone items, swapped, with their values')
})

await step('drag and drop: a repeatable component item above another', async t => {
  const author = (await publicGet('/api/authors?filters[name][$eq]=Ada%20Mensah&populate=socialLinks')).data[0]
  t.same(author.attributes.socialLinks.map((link: any) => link.label), ['Website', 'Mastodon'], 'the seeded order')
  await page.goto(`${address}/admin/content-manager/collection-types/api::author.author/${author.id}`)
  const links = page.getByRole('group', { name: 'socialLinks', exact: true })
  // The items are drawn again when the entry arrives and fills the form: drag after that.
  t.equal(await valueOnce(links.getByLabel(/^label/).nth(1), value => value === 'Mastodon'), 'Mastodon', 'the form holds the entry')
  await drag(links.getByRole('button', { name: 'Drag socialLinks 2', exact: true }), links.getByRole('button', { name: 'Drag socialLinks 1', exact: true }))
  await countSavedNotices()
  const written = page.waitForResponse(response => response.request().method() === 'PUT' && decodeURIComponent(response.url()).includes(`/api::author.author/${author.id}`))
  await saveButton().click()
  t.equal((await written).status(), 200, 'saved')
  await untilSettled()
  const stored = (await publicGet(`/api/authors/${author.id}?populate=socialLinks`)).data.attributes.socialLinks
  t.same(stored.map((link: any) => [link.label, link.url]), [['Mastodon', 'https://mastodon.example/@ada'], ['Website', 'https://ada-mensah.example.com']], 'the API serves the items swapped, each with its values')
  // The steps after this one go on with the article.
  await page.goto(`${address}/admin${ARTICLES}/${id}`)
  await page.getByLabel(/^slug/).waitFor()
})

await step('uid: generated from its target field, availability shown, a taken value refused at its field', async t => {
  const taken = (await publicGet('/api/articles?filters[slug][$notNull]=true&fields[0]=slug&pagination[pageSize]=1')).data[0].attributes.slug as string
  const slug = page.getByLabel(/^slug/)
  const slugField = page.locator('.MuiFormControl-root').filter({ has: slug })
  await slug.fill(taken)
  await slugField.getByText(/^Taken/).waitFor()
  t.match(await slugField.locator('.MuiFormHelperText-root').innerText(), `Taken: try ${taken}-`, 'a taken value is shown as taken, with a suggestion')

  const before = desktop.problems.length
  const refused = await saveBy(async () => { await saveButton().click() }, id)
  t.equal(refused.status, 400, 'the server refuses the taken value')
  await slugField.locator('.Mui-error').first().waitFor()
  t.match(await slugField.locator('.MuiFormHelperText-root').innerText(), /unique/, 'its message is shown at the slug field')
  const during = desktop.problems.splice(before)
  t.ok(during.every(problem => /status of 400/.test(problem)), 'the only console line is the refused request')
  t.not((await publicGet(`/api/articles/${id}`)).data.attributes.slug, taken, 'nothing was stored')

  await slug.fill('')
  await slugField.getByRole('button', { name: 'Generate' }).click()
  const generated = await valueOnce(slug, value => value !== '')
  t.match(generated, /^the-editor-journey(-\d+)?$/, 'generated from the title')
  await slugField.getByText('Available').waitFor()
  t.equal(await slugField.locator('.MuiFormHelperText-root').innerText(), 'Available', 'the generated value is available')
  const saved = await saveBy(async () => { await saveButton().click() }, id)
  t.equal(saved.status, 200, 'saved')
  t.equal((await publicGet(`/api/articles/${id}`)).data.attributes.slug, generated, 'the API serves the generated uid')
})

await step('a validation error at its field, fixed, saved', async t => {
  const readingTime = page.getByLabel('readingTime')
  const field = page.locator('.MuiFormControl-root').filter({ has: readingTime })
  await readingTime.fill('0')
  let sent = false
  const watch = (request: Request) => { if (isEntryWrite('PUT', id)(request)) sent = true }
  page.on('request', watch)
  await saveButton().click()
  await field.locator('.Mui-error').first().waitFor()
  t.match(await field.innerText(), /at least 1/, 'the error is at its field')
  page.off('request', watch)
  t.equal(sent, false, 'nothing was sent')
  await readingTime.fill('7')
  const saved = await saveBy(async () => { await saveButton().click() }, id)
  t.equal(saved.status, 200, 'fixed and saved')
  t.equal((await publicGet(`/api/articles/${id}`)).data.attributes.readingTime, 7, 'the API serves the fixed value')
})

await step('nothing lost: leaving a changed form asks first; Ctrl+S saves', async t => {
  await page.getByLabel('excerpt').fill('Changed, not saved yet.')
  // Dismissed as it opens: the click waits for the navigation it started, which the open
  // confirm holds, so answering it only after the click could wait out the click's timeout.
  const asked = new Promise<Dialog>(resolve => {
    page.once('dialog', dialog => {
      resolve(dialog)
      dialog.dismiss().catch(() => {})
    })
  })
  await page.getByRole('menuitem', { name: 'Tag', exact: true }).click()
  const dialog = await asked
  t.equal(dialog.type(), 'confirm', `leaving asks first: ${dialog.message()}`)
  t.match(page.url(), new RegExp(`/api::article\\.article/${id}$`), 'staying when the editor says no')
  t.equal(await page.getByLabel('excerpt').inputValue(), 'Changed, not saved yet.', 'the change is still there')
  t.equal(await wouldAskOnClose(), true, 'closing the tab would ask first too')

  const saved = await saveBy(async () => { await page.getByLabel('excerpt').press('Control+s') }, id)
  t.equal(saved.status, 200, 'Ctrl+S saves')
  t.equal((await publicGet(`/api/articles/${id}`)).data.attributes.excerpt, 'Changed, not saved yet.', 'the API serves what Ctrl+S saved')
  t.equal(await wouldAskOnClose(), false, 'once saved, closing the tab does not ask')
  let askedAgain = false
  page.once('dialog', dialog => { askedAgain = true; dialog.dismiss().catch(() => {}) })
  await page.getByRole('menuitem', { name: 'Tag', exact: true }).click()
  await page.waitForURL(/\/api::tag\.tag$/)
  t.equal(askedAgain, false, 'a saved form leaves without asking')
})

await step('Markdown preview tab; the block editor', async t => {
  await page.goto(`${address}/admin${ARTICLES}/${id}`)
  // The top-level body comes before the zone's rich-text item, whose input is also labelled body.
  const body = page.getByLabel('body', { exact: true }).first()
  await body.fill('## Deep water\n\nSome **bold** words.')
  const tabs = page.getByRole('tablist', { name: 'body: write or preview' }).first()
  await tabs.getByRole('tab', { name: 'Preview' }).click()
  const preview = page.getByLabel('body preview')
  t.equal(await preview.getByRole('heading', { level: 2 }).innerText(), 'Deep water', 'the preview renders the heading')
  t.equal(await preview.locator('strong').innerText(), 'bold', 'and the bold words')
  await tabs.getByRole('tab', { name: 'Write' }).click()

  const text = 'See the site, one bold and one italic word.'
  const editor = page.getByRole('textbox', { name: 'content: rich text' })
  await editor.click()
  await page.keyboard.type(text)
  /**
   * Selects `word` as a person's mouse would, in one step: the browser's selection set on its text.
   * (Shift+arrows, one character a key, race Slate putting its last known selection back.)
   */
  const select = async (word: string) => {
    await editor.evaluate((element: any, wanted: string) => {
      const page = globalThis as any
      const walker = page.document.createTreeWalker(element, page.NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const at = String(node.textContent).indexOf(wanted)
        if (at === -1) continue
        element.focus()
        page.getSelection().setBaseAndExtent(node, at, node, at + wanted.length)
        return
      }
      throw new Error(`no text holds "${wanted}"`)
    }, word)
  }
  await select('bold')
  await page.keyboard.press('Control+b')
  t.equal(await editor.locator('strong').innerText(), 'bold', 'Ctrl+B makes the selected word bold')
  t.equal(await page.getByRole('button', { name: 'Bold', exact: true }).getAttribute('aria-pressed'), 'true', 'and the toolbar shows Bold on')
  await select('italic')
  await page.getByRole('button', { name: 'Italic', exact: true }).click()
  t.equal(await editor.locator('em').innerText(), 'italic', 'the Italic button makes another word italic')
  await select('the site')
  await page.getByLabel('content link address').fill('https://example.com')
  await page.getByRole('button', { name: 'Add link' }).click()
  t.equal(await editor.getByRole('link').innerText(), 'the site', 'the selected words become a link')
  const saved = await saveBy(async () => { await saveButton().click() }, id)
  t.equal(saved.status, 200, 'saved')
  const expected = [{
    type: 'paragraph',
    children: [
      { type: 'text', text: 'See ' },
      { type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 'the site' }] },
      { type: 'text', text: ', one ' },
      { type: 'text', text: 'bold', bold: true },
      { type: 'text', text: ' and one ' },
      { type: 'text', text: 'italic', italic: true },
      { type: 'text', text: ' word.' }
    ]
  }]
  const stored = (await publicGet(`/api/articles/${id}`)).data.attributes
  t.equal(stored.body, '## Deep water\n\nSome **bold** words.', 'the Markdown is stored as typed')
  t.same(stored.content, expected, 'the block editor stores Strapi blocks with their marks and the link')

  t.equal(await wouldAskOnClose(), false, 'once saved, the block editor leaves the form clean')
  await page.reload()
  await editor.locator('strong').waitFor()
  t.same([await editor.locator('strong').innerText(), await editor.locator('em').innerText(), await editor.getByRole('link').innerText()], ['bold', 'italic', 'the site'], 'opened again, the marks and the link are shown')
  await page.getByLabel('excerpt').fill('Edited beside the blocks.')
  const again = await saveBy(async () => { await saveButton().click() }, id)
  t.strictSame(again.body.content, stored.content, 'an untouched block field is sent back exactly as stored')
  t.same((await publicGet(`/api/articles/${id}`)).data.attributes.content, expected, 'and stays so')
})

await step('the block editor: an image from the media library, stored as Strapi stores it, then removed', async t => {
  const editor = page.getByRole('textbox', { name: 'content: rich text' })
  await page.getByRole('button', { name: 'Insert image' }).click()
  const picker = page.getByRole('dialog', { name: /^Choose content images/ })
  await picker.getByRole('button', { name: 'Pick journey-cover.png' }).click()
  await picker.getByRole('button', { name: 'Finish' }).click()
  await picker.waitFor({ state: 'detached' })
  const preview = editor.getByRole('img', { name: 'journey-cover.png' })
  await preview.waitFor()
  t.ok(await preview.evaluate(image => (image as unknown as { naturalWidth: number }).naturalWidth > 0), 'the preview loads')

  const saved = await saveBy(async () => { await saveButton().click() }, id)
  t.equal(saved.status, 200, 'saved')
  const content = (await publicGet(`/api/articles/${id}`)).data.attributes.content
  const file = (await publicGet('/api/upload/files?filters[name][$eq]=journey-cover.png'))[0]
  // Strapi's editor copies these fields of the file, the name standing in for a missing
  // alternative text, and the URL as the browser reached it.
  const fields = ['id', 'name', 'alternativeText', 'url', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt']
  const image = Object.fromEntries(fields.filter(field => file[field] !== undefined).map(field => [field, file[field]]))
  t.same(content.slice(1), [
    { type: 'image', image: { ...image, alternativeText: 'journey-cover.png', url: `${address}${file.url}` }, children: [{ type: 'text', text: '' }] },
    { type: 'paragraph', children: [{ type: 'text', text: '' }] }
  ], 'the image block follows the text, and a paragraph to type on follows it')
  t.equal(content[0].type, 'paragraph', 'the text before it is kept')
  t.equal((await fetch(content[1].image.url)).status, 200, 'the stored URL serves the file')

  await page.getByRole('button', { name: 'Remove image journey-cover.png' }).click()
  await preview.waitFor({ state: 'detached' })
  const removed = await saveBy(async () => { await saveButton().click() }, id)
  t.equal(removed.status, 200, 'saved again')
  t.same((await publicGet(`/api/articles/${id}`)).data.attributes.content.map((block: any) => block.type), ['paragraph', 'paragraph'], 'the image is gone, the text stays')
})

await step('screenshots of the list and the edit view', async t => {
  await page.goto(`${address}/admin${ARTICLES}/${id}`)
  await page.getByLabel(/^title/).waitFor()
  t.match(await keepScreenshot(page, 'edit'), /admin-panel-screenshots\/edit\.png$/, 'the edit view is kept')
  const deepList = await fetch(`${address}/admin${ARTICLES}`)
  t.equal(deepList.status, 200, 'a deep link to a list (its uid has a dot, not an extension) answers the app')
  await page.goto(`${address}/admin${ARTICLES}`)
  await page.locator('table tbody tr').first().waitFor()
  t.match(await keepScreenshot(page, 'list'), /admin-panel-screenshots\/list\.png$/, 'the list is kept')
})

await step('no console error on the way', async t => {
  t.same(desktop.problems, [], 'the console stayed clean')
})
