/** The `docs` option: on by default, movable, off with `docs: false`; the auth routes when permissions are on. */
import SwaggerParser from '@apidevtools/swagger-parser'
import t from 'tap'
import type { ContentTypeSchema } from '../../../plugin/index.js'
import { resolveOptions } from '../../../plugin/options.js'
import { buildTestApp } from '../../helpers/app.js'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::note.note': {
    info: { singularName: 'note', pluralName: 'notes' },
    pluginOptions: { i18n: { localized: true } },
    attributes: { text: { type: 'string' } }
  }
}

t.test('docs: false serves neither the page nor the document', async t => {
  const { app, close } = await buildTestApp({ contentTypes, docs: false })
  t.teardown(close)
  t.equal((await app.inject({ method: 'GET', url: '/documentation/json' })).statusCode, 404)
  t.equal((await app.inject({ method: 'GET', url: '/documentation' })).statusCode, 404)
  t.equal((await app.inject({ method: 'GET', url: '/api/notes' })).statusCode, 200, 'the API itself is unchanged')
})

t.test('docs.path moves the page and the document', async t => {
  const { app, close } = await buildTestApp({ contentTypes, docs: { path: '/reference' } })
  t.teardown(close)
  t.equal((await app.inject({ method: 'GET', url: '/reference/json' })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/documentation/json' })).statusCode, 404)
})

t.test('a bad docs option fails at startup', async t => {
  t.throws(() => resolveOptions({ contentTypes, docs: { path: 'no-slash' } }), /docs\.path/)
  t.throws(() => resolveOptions({ contentTypes, docs: 'yes' as never }), /docs must be/)
})

t.test('with permissions, the auth routes and the bearer scheme are documented; localized types take locale', async t => {
  const { app, close } = await buildTestApp({
    contentTypes,
    i18n: { locales: ['en', 'fr'] },
    permissions: { jwtSecret: 'a-test-secret-that-is-long-enough', roles: { public: { 'api::note.note': ['find'] } } }
  })
  t.teardown(close)
  const document = (await app.inject({ method: 'GET', url: '/documentation/json' })).json()
  await t.resolves(SwaggerParser.validate(structuredClone(document)), 'still valid')
  t.equal(document.paths['/api/auth/local']?.post?.operationId, 'authLogin')
  t.equal(document.paths['/api/auth/local/register']?.post?.operationId, 'authRegister')
  t.equal(document.paths['/api/users/me']?.get?.operationId, 'usersMe')
  const accountOperations: Array<[string, string, string]> = [
    ['/api/auth/forgot-password', 'post', 'authForgotPassword'], ['/api/auth/reset-password', 'post', 'authResetPassword'],
    ['/api/auth/change-password', 'post', 'authChangePassword'], ['/api/auth/email-confirmation', 'get', 'authEmailConfirmation'],
    ['/api/auth/send-email-confirmation', 'post', 'authSendEmailConfirmation']
  ]
  for (const [path, method, operationId] of accountOperations) t.equal(document.paths[path]?.[method]?.operationId, operationId, `${method} ${path}`)
  t.ok(document.paths['/api/auth/email-confirmation'].get.responses['302'], 'the confirmation link redirects')
  const usersOperations: Array<[string, string, string]> = [
    ['/api/users', 'get', 'usersFind'], ['/api/users/count', 'get', 'usersCount'], ['/api/users/{id}', 'get', 'usersFindOne'],
    ['/api/users/{id}', 'put', 'usersUpdate'], ['/api/users/{id}', 'delete', 'usersDestroy'],
    ['/api/users-permissions/roles', 'get', 'rolesFind'], ['/api/users-permissions/roles/{id}', 'get', 'rolesFindOne']
  ]
  for (const [path, method, operationId] of usersOperations) t.equal(document.paths[path]?.[method]?.operationId, operationId, `${method} ${path}`)
  const listParameters = (document.paths['/api/users'].get.parameters as Array<{ $ref?: string, name?: string }>)
    .map(parameter => parameter.name ?? document.components.parameters[parameter.$ref!.split('/').pop()!].name)
  for (const name of ['populate', 'fields', 'filters', 'start', 'limit']) t.ok(listParameters.includes(name), `GET /api/users documents ${name}`)
  t.match(document.paths['/api/users/{id}'].put.requestBody.content['application/json'].schema.properties, { password: {}, role: {} })
  t.match(document.paths['/api/users'].get.responses['200'].content['application/json'].schema, { type: 'array' }, 'a bare array of users')
  t.match(document.components.securitySchemes, { bearerAuth: { type: 'http', scheme: 'bearer' } })
  const names = document.paths['/api/notes'].get.parameters.map((parameter: { $ref: string }) => parameter.$ref)
  t.ok(names.includes('#/components/parameters/NoteLocale'), 'locale is documented on a localized type')
  const localization = document.paths['/api/notes/{id}/localizations']?.post
  t.equal(localization?.operationId, 'createNoteLocalization', 'the localizations route is documented')
  t.ok(localization?.requestBody, 'with its body')
  t.match(JSON.stringify(document.components.schemas), /"locale"/, 'the create body and the entry name the locale')
})
