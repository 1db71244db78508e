/** The CLI on a real Strapi v4 project: types for its plugin types, and --custom-fields for unknown custom fields. */
import t from 'tap'
import { main } from '../../plugin/cli.js'
import { STRAPI_V4_PROJECT } from '../helpers/paths.js'

async function run (...argv: string[]): Promise<{ code: number, out: string, err: string }> {
  let out = ''
  let err = ''
  const code = await main(argv, { out: (text) => { out += text }, err: (text) => { err += text } })
  return { code, out, err }
}

t.test('types describes a v4 project with users, custom fields and blocks', async t => {
  const result = await run('types', '--schemas', STRAPI_V4_PROJECT, '--locales', 'en,fr')
  t.equal(result.code, 0, result.err)
  t.match(result.out, /export interface UsersPermissionsUserAttributes/)
  t.match(result.out, /export interface AdminUserAttributes/)
  t.notMatch(result.out, /resetPasswordToken/)
})

t.test('--custom-fields names the type of a custom field the plugin does not know', async t => {
  const dir = t.testdir({
    'content-types': {
      'place.json': JSON.stringify({
        info: { singularName: 'place', pluralName: 'places' },
        attributes: { rating: { type: 'customField', customField: 'plugin::star-rating.stars' } }
      })
    }
  })
  const unknown = await run('types', '--schemas', dir)
  t.equal(unknown.code, 1)
  t.match(unknown.err, /attribute "rating"\): unknown custom field "plugin::star-rating\.stars": set the customFields option/)
  const named = await run('types', '--schemas', dir, '--custom-fields', 'plugin::star-rating.stars=integer')
  t.equal(named.code, 0, named.err)
  t.match(named.out, /rating\?: number \| null/)
  const wrongType = await run('types', '--schemas', dir, '--custom-fields', 'plugin::star-rating.stars=stars')
  t.equal(wrongType.code, 1)
  t.match(wrongType.err, /customFields\["plugin::star-rating\.stars"\]\): must be one of/)
  const malformed = await run('types', '--schemas', dir, '--custom-fields', 'plugin::star-rating.stars')
  t.equal(malformed.code, 2)
  t.match(malformed.err, /--custom-fields: "plugin::star-rating\.stars" must look like/)
})
