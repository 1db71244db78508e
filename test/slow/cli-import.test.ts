/**
 * `fastify-content-api import:strapi` through the CLI's `main`: plain progress lines when
 * not on a terminal, the summary table, the exit codes.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { main } from '../../plugin/cli.js'
import { freshDatabase } from '../helpers/app.js'
import { restoreStrapiDatabase, strapiAnswers, STRAPI_IMPORT_FIXTURE, whyNoStrapiFixture } from '../helpers/strapi-fixture.js'

const skip = whyNoStrapiFixture()

async function cli (args: string[]): Promise<{ code: number, out: string, err: string }> {
  let out = ''
  let err = ''
  const code = await main(args, { out: text => { out += text }, err: text => { err += text } })
  return { code, out, err }
}

t.test('import:strapi on the command line', { skip }, async t => {
  const strapi = await restoreStrapiDatabase()
  t.teardown(strapi.drop)
  const target = await freshDatabase()
  t.teardown(target.drop)
  const saved = process.env.DATABASE_URL
  process.env.DATABASE_URL = target.url
  t.teardown(() => { process.env.DATABASE_URL = saved })
  const args = ['import:strapi', '--from', strapi.url, '--schemas', `${STRAPI_IMPORT_FIXTURE}src`]

  const checked = await cli([...args, '--check'])
  t.equal(checked.code, 0, 'exit code 0')
  t.match(checked.err, /^api::article\.article: about \d+ rows$/m, 'a plain line per table when not on a terminal (its length the planner\'s estimate)')
  t.match(checked.out, /^api::article\.article\s+7\s+7\s+0\s+7$/m, 'the summary table: in Strapi, mapped, skipped, changes')
  t.match(checked.out, /Check only \(--check\): nothing was written/)
  t.match(checked.out, /"api::article\.article": \["create", "delete", "find", "findOne", "update"\]/, 'Strapi\'s permissions as the roles option')

  const imported = await cli(args)
  t.equal(imported.code, 0, 'exit code 0')
  t.match(imported.out, /^Imported\./m)
  const again = await cli(args)
  t.match(again.out, /Nothing to change/)

  // Strapi as --verify sees it over HTTP, answering what the real one recorded.
  const answers = strapiAnswers()
  const asked: string[] = []
  const strapiServer = createServer((request, response) => {
    asked.push(request.url!)
    const answer = answers[request.url!]
    response.writeHead(answer?.status ?? 404, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answer?.body ?? { data: null, error: { status: 404 } }))
  })
  await new Promise<void>(done => strapiServer.listen(0, '127.0.0.1', done))
  t.teardown(() => { strapiServer.close() })
  const verified = await cli([...args, '--verify', `http://127.0.0.1:${(strapiServer.address() as AddressInfo).port}/`])
  t.equal(verified.code, 0, 'exit code 0: no difference')
  t.match(verified.out, /Verify: (\d+) of \1 reads answer the same as Strapi/)
  t.match(verified.out, /accepted Δ a list without sort is ordered by id/)
  t.ok(asked.includes('/api/articles/7?populate=*') && asked.includes('/api/pages?locale=all&populate=*') && asked.includes('/api/homepage?populate=*'),
    'lists, entries, locales and the single type are replayed')

  answers['/api/tags/2?populate=*']!.body = { data: { id: 2, attributes: { name: 'not what was imported' } }, meta: {} }
  const differing = await cli([...args, '--verify', `http://127.0.0.1:${(strapiServer.address() as AddressInfo).port}`])
  t.equal(differing.code, 1)
  t.match(differing.out, /\/api\/tags\/2\?populate=\*  data\.attributes\.name: Strapi "not what was imported", here "science"/)

  const missing = await cli(['import:strapi', '--schemas', `${STRAPI_IMPORT_FIXTURE}src`])
  t.equal(missing.code, 2)
  t.match(missing.err, /missing --from/)
  const notStrapi = await cli(['import:strapi', '--from', target.url!, '--schemas', `${STRAPI_IMPORT_FIXTURE}src`])
  t.equal(notStrapi.code, 1)
  t.match(notStrapi.err, /not a Strapi database/)
})
