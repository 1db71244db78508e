/**
 * Inclusive time of a request's stages in a V8 `.cpuprofile`: every busy sample is
 * given to the innermost frame of its stack that belongs to a stage, so pg's decoding called
 * from the plugin counts as pg, and a socket write called from Fastify counts as the write.
 * Per request: divide by the requests the profile covered.
 *
 *   node dist/benchmarks/profile-stages.js <file.cpuprofile> <requests>
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string, url: string }
  children?: number[]
}

interface Profile { nodes: ProfileNode[], samples: number[], timeDeltas: number[] }

/** First match wins for one frame; the innermost frame with a stage names the sample's. */
const STAGES: Array<[string, (frame: ProfileNode['callFrame']) => boolean]> = [
  ['GC', frame => frame.functionName === '(garbage collector)'],
  ['socket write (writev, net, streams)', frame => /^node:(net|internal\/stream|internal\/streams|stream)/.test(frame.url) || frame.functionName === 'writev' || frame.functionName === 'writeUtf8String' || frame.functionName === 'writeBuffer'],
  ['pg: socket read, protocol parse, row decode', frame => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(frame.url)],
  ['database (pool, session, query options)', frame => /plugin\/repository\/connection\/(database|read-routing|statement-runners|transactions)\.js/.test(frame.url)],
  ['response cache (key, lookup)', frame => /response-cache\.js|shared-cache\.js/.test(frame.url) || frame.functionName === 'cachedRunner'],
  ['reader (statement lookup)', frame => /plugin\/repository\/(read\/reader|repositories)\.js/.test(frame.url)],
  ['rendered answers (key, compare)', frame => /rendered-answers\.js/.test(frame.url)],
  ['ETag / Cache-Control hook', frame => /routes\/caching\.js/.test(frame.url)],
  ['handler: auth, query lookup, meta', frame => /plugin\/(routes|query|auth|access|transform|write-plan|auth-routes)\//.test(frame.url)],
  ['HTTP parse, response head (node:_http*)', frame => /^node:_http/.test(frame.url)],
  ['fastify (router, hooks, reply, headers)', frame => /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify)\//.test(frame.url)],
  ['ceiling/replay route', frame => /benchmarks\/servers\//.test(frame.url)]
]

function stageOf (frame: ProfileNode['callFrame']): string | null {
  for (const [name, test] of STAGES) if (test(frame)) return name
  return null
}

const [file, requests = '1'] = process.argv.slice(2)
const profile = JSON.parse(readFileSync(file!, 'utf8')) as Profile
const parent = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
const byId = new Map(profile.nodes.map(node => [node.id, node]))
const memo = new Map<number, string>()
/** The innermost stage on the stack ending at node `id`. */
function stackStage (id: number): string {
  const known = memo.get(id)
  if (known !== undefined) return known
  const node = byId.get(id)!
  const own = stageOf(node.callFrame)
  const up = parent.get(id)
  const stage = own ?? (up === undefined ? `other: ${node.callFrame.functionName || '(anonymous)'}` : stackStage(up))
  memo.set(id, stage)
  return stage
}
const totals = new Map<string, number>()
let busy = 0
profile.samples.forEach((id, index) => {
  const frame = byId.get(id)!.callFrame
  if (frame.functionName === '(idle)' || frame.url === 'node:inspector') return
  const micros = profile.timeDeltas[index] ?? 0
  busy += micros
  const stage = frame.functionName === '(program)' ? '(program): V8/native outside JS' : stackStage(id)
  totals.set(stage, (totals.get(stage) ?? 0) + micros)
})
const perRequest = (micros: number): string => (micros / Number(requests)).toFixed(1)
console.log(`busy ${(busy / 1000).toFixed(0)} ms, ${perRequest(busy)} µs per request`)
for (const [stage, micros] of [...totals].sort((a, b) => b[1] - a[1])) {
  console.log(`| ${stage} | ${perRequest(micros)} | ${(100 * micros / busy).toFixed(1)} % |`)
}
