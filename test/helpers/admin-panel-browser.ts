/**
 * What the admin panel's browser tests share: the bundle built when missing or stale
 * (scripts/build-admin-panel.mjs --if-stale, so `npm test` needs no manual step), Debian's
 * Chromium found on the PATH, and a page that records console errors and failed requests.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import type { Browser, BrowserContext, Page } from 'playwright-core'

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

export interface WatchedPage { page: Page, context: BrowserContext, problems: string[] }

/** A page whose console errors, uncaught exceptions and CSP violations land in `problems`. */
export async function watchedPage (browser: Browser, viewport: { width: number, height: number }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', message => { if (message.type() === 'error') problems.push(`console: ${message.text()}`) })
  page.on('pageerror', error => { problems.push(`page error: ${error.message}`) })
  return { page, context, problems }
}
