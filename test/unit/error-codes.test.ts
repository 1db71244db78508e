/**
 * Every error the plugin raises has a stable code hosts can match on (in controllers and
 * lifecycles), and the code never reaches the answer, whose shape stays Strapi's.
 */
import Fastify from 'fastify'
import t from 'tap'
import contentApi, {
  ApplicationError, ForbiddenError, NotFoundError, OptionsError, RateLimitError, SchemaError,
  ServiceUnavailableError, StrapiSourceError, UnauthorizedError, ValidationError
} from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'

t.test('each error class has its own stable code', async t => {
  const codes = new Map<string, string>([
    ['ValidationError', new ValidationError('bad').code],
    ['UnauthorizedError', new UnauthorizedError().code],
    ['ForbiddenError', new ForbiddenError().code],
    ['NotFoundError', new NotFoundError().code],
    ['RateLimitError', new RateLimitError().code],
    ['ApplicationError', new ApplicationError().code],
    ['ServiceUnavailableError', new ServiceUnavailableError().code],
    ['OptionsError', new OptionsError('bad option').code],
    ['SchemaError', new SchemaError('a.json', null, 'bad').code],
    ['StrapiSourceError', new StrapiSourceError('--from: bad').code]
  ])
  t.equal(codes.get('ValidationError'), 'FCA_ERR_VALIDATION')
  t.equal(codes.get('ServiceUnavailableError'), 'FCA_ERR_SERVICE_UNAVAILABLE')
  t.equal(codes.get('OptionsError'), 'FCA_ERR_OPTIONS')
  t.equal(codes.get('StrapiSourceError'), 'FCA_ERR_STRAPI_SOURCE')
  t.equal(new Set(codes.values()).size, codes.size, 'no two classes share a code')
})

t.test('a bad option fails registration with an OptionsError', async t => {
  const app = Fastify({ logger: false })
  await t.rejects(async () => { await app.register(contentApi, { contentTypes: {}, prefix: 'api' }).ready() },
    { name: 'OptionsError', code: 'FCA_ERR_OPTIONS', message: /prefix must look like \/api/ })
  await app.close()
})

t.test('the answer keeps Strapi\'s error shape, without the code', async t => {
  const { app, close } = await buildTestApp({
    contentTypes: { 'api::note.note': { kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' }, attributes: { title: { type: 'string' } } } }
  })
  t.teardown(close)
  const response = await app.inject({ method: 'GET', url: '/api/notes/999' })
  t.equal(response.statusCode, 404)
  t.same(Object.keys(response.json().error).sort(), ['details', 'message', 'name', 'status'])
})
