/**
 * The docs page as a newcomer uses it, in a real headless Chromium driven by playwright-core:
 * Swagger UI shows a section per content type, "Try it out" then "Execute" on each list
 * answers 200 with the values the page fills in itself, and lock icons appear only when the
 * permissions option makes tokens matter. A screenshot lands in test/artifacts/ for a human look.
 * Chromium is required on CI; elsewhere the test skips itself when it is not installed.
 */
import { execFile } from 'node:child_process'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'
import t from 'tap'
import { seed } from '../../../example/seed.js'
import { buildTestApp } from '../../helpers/app.js'
import type { ContentApiOptions } from '../../../plugin/index.js'

const ARTIFACTS = new URL('../../artifacts/', import.meta.url).pathname
const CONTENT_TYPE_TAGS = ['Article', 'Author', 'Category', 'Issue', 'Tag']

async function findChromium (): Promise<string | null> {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      const { stdout } = await promisify(execFile)('which', [name])
      return stdout.trim()
    } catch {}
  }
  return null
}

const executablePath = await findChromium()
const skip = executablePath === null && process.env.CI === undefined ? 'Chromium is not installed (apt-get install -y chromium); CI requires it' : false

/** One browser for both tests (a launch costs seconds on a busy machine), a fresh page each. */
let browser: Promise<Browser> | undefined
t.teardown(async () => { await (await browser)?.close() })

async function withDocsPage (options: Partial<ContentApiOptions>, work: (page: Page) => Promise<void>): Promise<void> {
  if (executablePath === null) throw new Error('Chromium is required on CI: apt-get install -y chromium')
  const { app, close } = await buildTestApp(options)
  let page: Page | undefined
  try {
    // The seed writes through the API, which the public role of the second test may not.
    if (options.permissions === undefined) await seed(app)
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    browser ??= chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] })
    page = await (await browser).newPage({ viewport: { width: 1280, height: 2000 } })
    await page.goto(`${address}/documentation`)
    await page.locator('.opblock-tag-section').first().waitFor({ timeout: 60_000 })
    await work(page)
  } finally {
    await page?.close()
    await close()
  }
}

/** Opens an operation, presses "Try it out" and "Execute" with what the page filled in. */
async function tryItOut (page: Page, operationId: string, fill: Record<string, string> = {}): Promise<{ status: string, url: string }> {
  const operation = page.locator(`[id$="-${operationId}"]`)
  await operation.locator('.opblock-summary').click()
  await operation.locator('button.try-out__btn').click()
  for (const [name, value] of Object.entries(fill)) {
    await operation.locator(`tr[data-param-name="${name}"] input`).fill(value)
  }
  await operation.locator('button.execute').click()
  const status = operation.locator('.live-responses-table tbody .response-col_status').first()
  await status.waitFor({ timeout: 30_000 })
  return { status: (await status.innerText()).trim(), url: (await operation.locator('.request-url pre').first().innerText()).trim() }
}

t.test('the docs page in a headless Chromium, permissions off', { skip }, async t => {
  await withDocsPage({}, async page => {
    const sections = await page.locator('.opblock-tag-section h3').allInnerTexts()
    for (const tag of CONTENT_TYPE_TAGS) t.ok(sections.some(text => text.startsWith(tag)), `a section for ${tag}`)

    for (const operationId of ['findArticles', 'findAuthors', 'findCategories', 'findIssues', 'findTags']) {
      const { status, url } = await tryItOut(page, operationId)
      t.equal(status, '200', `"Try it out" on ${operationId} with the page's own values answers 200 (${url})`)
      t.notMatch(url, /string|additionalProp|pagination%5Bstart%5D/, `${operationId}: no sample values and no page beside offset`)
    }
    const one = await tryItOut(page, 'findOneArticle', { id: '1' })
    t.equal(one.status, '200', 'an entry by id answers 200')

    t.equal(await page.locator('.opblock .authorization__btn').count(), 0, 'no lock icon on any operation: every call is public')

    await mkdir(ARTIFACTS, { recursive: true })
    const screenshot = join(ARTIFACTS, 'openapi-docs-page.png')
    await page.screenshot({ path: screenshot, fullPage: false })
    const image = await readFile(screenshot)
    t.same([...image.subarray(1, 4)], [...Buffer.from('PNG')], `a PNG at ${screenshot}`)
  })
})

t.test('the docs page in a headless Chromium, permissions on', { skip }, async t => {
  await withDocsPage({ permissions: { jwtSecret: 'docs-page-test-secret', roles: { public: { 'api::article.article': ['find', 'findOne'] } } } }, async page => {
    t.ok(await page.locator('.opblock .authorization__btn').count() > 0, 'operations show the lock: a token changes what a call may do')
    const { status } = await tryItOut(page, 'findArticles')
    t.equal(status, '200', 'the public role may list articles from the page')
  })
})
