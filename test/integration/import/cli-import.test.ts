/**
 * `fastify-content-api import:strapi` through the CLI's `main`: plain progress lines when
 * not on a terminal, the summary table, the exit codes.
 */
import t from 'tap'
import { main } from '../../../plugin/cli.js'
import { freshDatabase } from '../../helpers/app.js'
import { restoreStrapiDatabase, STRAPI_IMPORT_FIXTURE, whyNoStrapiFixture } from '../../helpers/strapi-fixture.js'

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
  t.equal(checked.code, 0, checked.err)
  t.match(checked.err, /^api::article\.article: 7 rows$/m, 'a plain line per table when not on a terminal')
  t.match(checked.out, /^api::article\.article\s+7\s+7\s+0\s+7$/m, 'the summary table: in Strapi, mapped, skipped, changes')
  t.match(checked.out, /Check only \(--check\): nothing was written/)
  t.match(checked.out, /"api::article\.article": \["create", "delete", "find", "findOne", "update"\]/, 'Strapi\'s permissions as the roles option')

  const imported = await cli(args)
  t.equal(imported.code, 0, imported.err)
  t.match(imported.out, /^Imported\./m)
  const again = await cli(args)
  t.match(again.out, /Nothing to change/)

  const missing = await cli(['import:strapi', '--schemas', `${STRAPI_IMPORT_FIXTURE}src`])
  t.equal(missing.code, 2)
  t.match(missing.err, /missing --from/)
  const notStrapi = await cli(['import:strapi', '--from', target.url!, '--schemas', `${STRAPI_IMPORT_FIXTURE}src`])
  t.equal(notStrapi.code, 1)
  t.match(notStrapi.err, /not a Strapi database/)
})
