/**
 * The docs page rendered by a real headless Chromium: Swagger UI loads the document and
 * shows a section per content type. A screenshot lands in test/artifacts/ for a human look.
 * Chromium is required on CI; elsewhere the test skips itself when it is not installed.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import type { Test } from 'tap'
import { buildTestApp } from '../../helpers/app.js'

const run = promisify(execFile)
const ARTIFACTS = new URL('../../artifacts/', import.meta.url).pathname
const CONTENT_TYPE_TAGS = ['Article', 'Author', 'Category', 'Issue', 'Tag']

async function findChromium (): Promise<string | null> {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      await run('which', [name])
      return name
    } catch {}
  }
  return null
}

const chromium = await findChromium()
const skip = chromium === null && process.env.CI === undefined ? 'Chromium is not installed (apt-get install -y chromium); CI requires it' : false

t.test('the docs page in a headless Chromium', { skip }, async t => {
  if (chromium === null) throw new Error('Chromium is required on CI: apt-get install -y chromium')
  await checkDocsPage(t, chromium)
})

async function checkDocsPage (t: Test, browser: string): Promise<void> {
  const { app, close } = await buildTestApp()
  t.teardown(close)
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const profile = await mkdtemp(join(tmpdir(), 'fca-chromium-'))
  t.teardown(async () => { await rm(profile, { recursive: true, force: true }) })
  const headless = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', `--user-data-dir=${profile}`, '--virtual-time-budget=10000'
  ]
  const page = `${address}/documentation`

  t.test('the rendered page shows every content type', async t => {
    const { stdout: dom } = await run(browser, [...headless, '--dump-dom', page], { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 })
    t.match(dom, /Content API/, 'the title')
    for (const tag of CONTENT_TYPE_TAGS) t.match(dom, `data-tag="${tag}"`, `a section for ${tag}`)
    t.match(dom, /findArticles|\/api\/articles/, 'the operations are listed')
  })

  t.test('a screenshot is saved for review', async t => {
    await mkdir(ARTIFACTS, { recursive: true })
    const screenshot = join(ARTIFACTS, 'openapi-docs-page.png')
    await run(browser, [...headless, `--screenshot=${screenshot}`, '--window-size=1280,2000', page], { timeout: 120_000 })
    const image = await readFile(screenshot)
    t.same([...image.subarray(1, 4)], [...Buffer.from('PNG')], `a PNG at ${screenshot}`)
    t.ok(image.length > 10_000, 'with something drawn on it')
  })
}
