/**
 * The 205 requests a real Strapi 5.54.0 answered (test/fixtures/strapi-v5-project), replayed
 * against the plugin with `apiFormat: 'v5'` on the same content model, and compared once what
 * changes from run to run is normalised (./replay.ts). Every step answers as Strapi 5 did, but
 * those listed in DIFFERENT, each with its reason: a deliberate difference (docs/decisions.md,
 * 'Strapi v5'), an error Strapi words with its internals, or what follows from one of those.
 * Every read of the content routes is one SQL statement.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import t from 'tap'
import { buildTestApp } from '../../helpers/app.js'
import { V5_PERMISSIONS } from '../../helpers/strapi-v5-fixture.js'
import { compare, recording, replay, V5_PROJECT } from './replay.js'

type Reason = 'Δ' | 'follows' | 'not matched'

const UNSORTED: [Reason, string] = ['Δ', 'a list without sort: in id order here, in the order of last publication in Strapi 5 (a new row per publication)']

/** Steps (by index in strapi-answers.json) whose answer differs, and why. */
const DIFFERENT: ReadonlyMap<number, [Reason, string]> = new Map([
  [19, UNSORTED],
  [21, UNSORTED],
  [27, UNSORTED],
  [30, UNSORTED],
  [31, UNSORTED],
  [34, UNSORTED],
  [47, UNSORTED],
  [48, UNSORTED],
  [114, ['Δ', 'DELETE ?status=draft: a 400 ValidationError with Strapi\'s own reason, where Strapi answers a 500']],
  [130, ['Δ', 'DELETE ?status=draft on a single type: a 400, where Strapi answers a 500']],
  [150, ['Δ', 'row ids in a relation: Strapi\'s rows 1 and 2 are the draft and published versions of one category, here two categories']],
  [151, ['not matched', 'a missing media id: Strapi\'s message, and its details.errors[0].value echoing Strapi\'s internal form of the body']],
  [163, ['not matched', 'Strapi adds an internal second error ("Invalid relations") and lists a component the zone does not allow']],
  [164, ['not matched', 'Strapi adds an internal second error ("Cannot build relations store …")']],
  [172, ['follows', 'a list without sort in id order (as step 19)']],
  [173, UNSORTED],
  [175, ['Δ', 'POST ?locale=de, a locale that is not configured: a 400, where Strapi makes an entry in it']],
  [183, ['Δ', 'GET /users/me without a token: the users routes answer 401 as in the v4 format, Strapi 5 a 403']],
  [191, ['follows', 'step 150']],
  [192, ['follows', 'step 150']],
  [194, ['follows', 'step 175']],
  [199, ['follows', 'step 150; and Strapi relinks a document at each publication, moving it to the end of the lists it is in']],
  [200, ['follows', 'step 150; and Strapi relinks a document at each publication, moving it to the end of the lists it is in']]
])

/** The users routes and the media library read as they do in both formats, not through the content read compiler. */
const CONTENT_READ = /^\/api\/(?!users|upload|auth)/

const uploads = mkdtempSync(`${tmpdir()}/fca-v5-replay-`)
const test = await buildTestApp({
  schemas: `${V5_PROJECT}src`,
  apiFormat: 'v5',
  i18n: { locales: ['en', 'fr'] },
  upload: { dir: uploads },
  permissions: { ...V5_PERMISSIONS, jwtSecret: 'replay-secret-of-sixteen-characters' }
})
t.teardown(async () => {
  await test.close()
  rmSync(uploads, { recursive: true, force: true })
})

const recorded = recording()
const replayed = await replay(test.app, recorded, test.statements)
const results = compare(recorded, replayed)

t.equal(results.length, 205, 'every recorded step was replayed')

t.test('each step answers as Strapi 5.54.0 did, the listed ones aside', async t => {
  for (const result of results) {
    const { index, step } = result
    const label = `#${index} ${step.method} ${step.url}`
    const known = DIFFERENT.get(index)
    if (known !== undefined) {
      t.notOk(result.sameButDeltas, `${label} differs: ${known[0]}: ${known[1]}`)
      continue
    }
    t.ok(result.sameButDeltas, label, result.sameButDeltas ? {} : { ours: result.ours, theirs: result.theirs })
  }
  const matching = results.filter(result => result.sameButDeltas)
  const reads = results.filter(result => result.step.method === 'GET')
  t.comment(`${matching.length} of ${results.length} answers match with the deliberate differences put aside ` +
    `(${matching.filter(result => result.step.method === 'GET').length} of ${reads.length} reads, ` +
    `${matching.filter(result => result.step.method !== 'GET').length} of ${results.length - reads.length} writes); ` +
    `${results.filter(result => result.same).length} match with row ids, file sizes and uids compared too`)
})

t.test('the deliberate differences answer as docs/decisions.md says', async t => {
  const at = (index: number) => replayed.steps[index]!
  for (const index of [65, 187, 190]) t.match(at(index), { status: 200, answer: { data: { publishedAt: null } } }, `#${index}: a published document's draft is written apart from it`)
  for (const index of [114, 130]) t.match(at(index), { status: 400, answer: { error: { name: 'ValidationError', message: 'Cannot delete a draft document' } } }, `#${index}`)
  t.match(at(175), { status: 400, answer: { error: { details: { errors: [{ path: ['locale'] }] } } } }, '#175: an unconfigured locale is refused')
  // Row ids are stable here: the published article's id did not change when it was published again.
  const ids = (index: number): unknown => at(index).answer?.data?.id
  t.equal(ids(11), ids(6), 'a PUT that publishes again keeps the row id')
})

t.test('every read of the content routes is one SQL statement', async t => {
  for (const { index, step, statements, status } of replayed.steps) {
    if (step.method !== 'GET' || !CONTENT_READ.test(step.url) || status !== 200) continue
    t.equal(statements, 1, `#${index} ${step.url}`)
  }
})
