/**
 * The admin panel's download budget (docs/admin-panel.md, 'Which library does what'): the
 * JavaScript a browser fetches to show the first screen, gzipped, stays under 400 KB. That is
 * the entry script index.html names and every chunk it imports statically; chunks imported
 * only on demand (the block editor) are measured too, but counted apart, as no screen without
 * them pays for them. The bundle is built first when missing or stale.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { buildAdminPanel } from '../../helpers/admin-panel-browser.js'

const BUNDLE = new URL('../../../dist/admin-panel/', import.meta.url).pathname
const BUDGET = 400 * 1024

t.setTimeout(600_000)
await buildAdminPanel()

/** The chunks `source` imports statically (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports (source: string): string[] {
  return [...source.matchAll(/\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g)].map(match => match[1]!)
}

async function gzipped (file: string): Promise<number> {
  return gzipSync(await readFile(join(BUNDLE, 'assets', file))).length
}

t.test('the first screen downloads less than 400 KB of gzipped JavaScript', async t => {
  const html = await readFile(join(BUNDLE, 'index.html'), 'utf8')
  const named = [...html.matchAll(/(?:src|href)="\.\/assets\/([\w.-]+\.js)"/g)].map(match => match[1]!)
  t.ok(named.length > 0, 'index.html names its entry script')
  const initial = new Set<string>()
  const queue = [...named]
  while (queue.length > 0) {
    const file = queue.shift()!
    if (initial.has(file)) continue
    initial.add(file)
    queue.push(...staticImports(await readFile(join(BUNDLE, 'assets', file), 'utf8')))
  }
  let total = 0
  for (const file of initial) total += await gzipped(file)
  const all = (await readdir(join(BUNDLE, 'assets'))).filter(file => file.endsWith('.js'))
  const lazy = all.filter(file => !initial.has(file))
  const sizes = await Promise.all(lazy.map(async file => `${file} ${(await gzipped(file) / 1024).toFixed(1)} KB`))
  t.comment(`first screen: ${[...initial].join(', ')}, ${(total / 1024).toFixed(1)} KB gzipped; on demand: ${sizes.join('; ') || 'none'}`)
  t.ok(total < BUDGET, `${(total / 1024).toFixed(1)} KB gzipped is under 400 KB`)
  t.ok(lazy.some(file => file.startsWith('BlocksInput-')), 'the block editor is a chunk of its own, loaded on demand')
})
