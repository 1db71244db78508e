/**
 * What the admin panel's browser tests share: the bundle built when missing or stale
 * (scripts/build-admin-panel.mjs --if-stale, so `npm test` needs no manual step), Debian's
 * Chromium found on the PATH, a page that records console errors and failed requests, and
 * steps that keep the page as a screenshot when they fail.
 */
import { execFile } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import t from 'tap'
import type { Test } from 'tap'

const run = promisify(execFile)
const BUILD_SCRIPT = new URL('../../scripts/build-admin-panel.mjs', import.meta.url).pathname

export async function buildAdminPanel (): Promise<void> {
  await run(process.execPath, [BUILD_SCRIPT, '--if-stale'], { timeout: 600_000 })
}

export async function findChromium (): Promise<string> {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      const { stdout } = await run('which', [name])
      return stdout.trim()
    } catch {}
  }
  throw new Error('Chromium is required for the admin panel tests: apt-get install -y chromium')
}

export async function launchChromium (): Promise<Browser> {
  return await chromium.launch({ executablePath: await findChromium(), args: ['--no-sandbox', '--disable-gpu'] })
}

/**
 * React Router's warning when the panel's leave guard (admin-panel/src/views/LeaveGuard.tsx)
 * lets a navigation proceed that its blocker has already let through: a save resetting the form and
 * the navigation after it landed in the same tick. Which tick wins depends on the machine's
 * load; the navigation completes either way, and the tests check where it lands.
 */
const HARMLESS = /^(Error: )?Invalid blocker state transition: unblocked -> proceeding/

export interface WatchedPage { page: Page, context: BrowserContext, problems: string[] }

/** A page whose console errors, uncaught exceptions and CSP violations land in `problems`. */
export async function watchedPage (browser: Browser, viewport: { width: number, height: number }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', message => { if (message.type() === 'error' && !HARMLESS.test(message.text())) problems.push(`console: ${message.text()}`) })
  page.on('pageerror', error => { problems.push(`page error: ${error.message}`) })
  return { page, context, problems }
}

/** Where the browser tests keep pages as PNG: the repository's `.tap/admin-panel-screenshots/`. */
/** Logs `person` in on the panel's log-in page at `address` and waits for the dashboard's greeting. */
export async function logInThroughPanel ({ page }: WatchedPage, address: string, person: { email: string, password: string }): Promise<void> {
  await page.goto(`${address}/admin`)
  await page.getByRole('heading', { name: 'Log in to the content manager' }).waitFor()
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor()
}

export const SCREENSHOTS = new URL('../../.tap/admin-panel-screenshots/', import.meta.url).pathname

const fileName = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80)

/** Keeps the page's whole length as `<SCREENSHOTS>/<name>.png` (name may hold folders); answers the path. */
export async function keepScreenshot (page: Page, name: string): Promise<string> {
  const path = join(SCREENSHOTS, `${name}.png`)
  await mkdir(dirname(path), { recursive: true })
  await page.screenshot({ path, fullPage: true })
  return path
}

/**
 * A browser test's steps: each a subtest which, when it throws or an assertion in it fails,
 * keeps the page as `.tap/admin-panel-screenshots/<file>/<step>.png` (the step's name as a file
 * name) and says where, so a failure on CI can be looked at rather than guessed.
 */
export function screenshotSteps (options: { page: Page, file: string }): (name: string, body: (t: Test) => Promise<void>) => Promise<void> {
  return async (name, body) => {
    await t.test(name, async step => {
      let failure: unknown
      try {
        await body(step)
      } catch (error) {
        failure = error
      }
      if (failure !== undefined || !step.passing()) {
        const path = await keepScreenshot(options.page, `${options.file}/${fileName(name)}`).catch((error: Error) => `none (${error.message})`)
        step.comment(`the page when "${name}" failed: ${path}`)
      }
      if (failure !== undefined) throw failure
    })
  }
}
