/**
 * Summarises a V8 `.cpuprofile` (from BENCH_CPU_PROFILE=<folder>, which runs the plugin
 * server with `--cpu-prof`): self time by function and by package, idle time left out.
 *
 *   node dist/benchmarks/profile-summary.js <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string, url: string, lineNumber: number }
}

interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** `node_modules/<package>`, `plugin/<folder>`, a `node:` module, or V8's own bucket. */
function owner (url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)'
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (dependency !== null) return dependency[1]!
  const ours = /\/(plugin|benchmarks)\/(?:([^/]+)\/)?/.exec(url)
  if (ours !== null) return ours[2] === undefined ? ours[1]! : `${ours[1]!}/${ours[2]}`
  return url.startsWith('node:') ? url : '(other)'
}

function shortUrl (url: string): string {
  return url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(plugin|benchmarks|dist)\//, '$1/')
}

function addTo (totals: Map<string, number>, key: string, value: number): void {
  totals.set(key, (totals.get(key) ?? 0) + value)
}

function table (title: string, totals: Map<string, number>, busy: number, top: number): string {
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)
  return [
    `${title}`,
    ...rows.map(([key, micros]) => `  ${(micros / 1000).toFixed(0).padStart(8)} ms  ${(100 * micros / busy).toFixed(1).padStart(5)} %  ${key}`)
  ].join('\n')
}

export function summariseProfile (profile: Profile, top: number): string {
  const byId = new Map(profile.nodes.map(node => [node.id, node]))
  const functions = new Map<string, number>()
  const packages = new Map<string, number>()
  let busy = 0
  let profiler = 0
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame
    const micros = profile.timeDeltas[index] ?? 0
    if (frame === undefined || frame.functionName === '(idle)') return
    // The inspector session that records the profile (mostly Profiler.stop): not the server's work.
    if (frame.url === 'node:inspector') {
      profiler += micros
      return
    }
    busy += micros
    const name = frame.functionName === '' ? '(anonymous)' : frame.functionName
    addTo(functions, frame.url === '' ? name : `${name}  ${shortUrl(frame.url)}:${frame.lineNumber + 1}`, micros)
    addTo(packages, owner(frame.url, frame.functionName), micros)
  })
  return [
    `busy (non-idle) CPU time: ${(busy / 1000).toFixed(0)} ms (the profiler's own ${(profiler / 1000).toFixed(0)} ms left out)`,
    table('self time by package:', packages, busy, top),
    table('self time by function:', functions, busy, top)
  ].join('\n\n')
}

const [file, top = '25'] = process.argv.slice(2)
if (file === undefined) {
  console.error('usage: profile-summary <file.cpuprofile> [top]')
  process.exitCode = 1
} else {
  console.log(summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as Profile, Number(top)))
}
