/**
 * The i18n plugin's `i18NLocale(id)` and `i18NLocales(filters, pagination, sort)`: the
 * locales of the `i18n` option (ids their positions in it, from 1), filtered, sorted and paged
 * in memory as Strapi's are in SQL, with no statement; Strapi's types (schema.test.ts compares
 * them field for field).
 */
import t from 'tap'
import { graphql, graphqlApp } from '../../helpers/graphql.js'

const test = await graphqlApp({ i18n: { locales: ['en', 'fr', 'pt-BR', 'de'], defaultLocale: 'fr' } })
t.teardown(test.close)

const codes = (answer: { body: { data: { i18NLocales: { data: Array<{ attributes: { code: string } }> } } } }): string[] =>
  answer.body.data.i18NLocales.data.map(locale => locale.attributes.code)

t.test('the list: ids by position in the option, Strapi\'s names, no SQL', async t => {
  const answer = await graphql(test, '{ i18NLocales { data { id attributes { name code createdAt } } meta { pagination { total page pageSize pageCount } } } }')
  t.notOk(answer.body.errors)
  t.same(answer.body.data.i18NLocales, {
    data: [
      { id: '1', attributes: { name: 'English (en)', code: 'en', createdAt: null } },
      { id: '2', attributes: { name: 'French (fr)', code: 'fr', createdAt: null } },
      { id: '3', attributes: { name: 'Brazilian Portuguese (pt-BR)', code: 'pt-BR', createdAt: null } },
      { id: '4', attributes: { name: 'German (de)', code: 'de', createdAt: null } }
    ],
    meta: { pagination: { total: 4, page: 1, pageSize: 10, pageCount: 1 } }
  })
  t.same(answer.statements, [], 'the locales are the option: nothing is read')
})

t.test('one by id; an unknown one is data null', async t => {
  const answer = await graphql(test, '{ a: i18NLocale(id: 3) { data { id attributes { code } } } b: i18NLocale(id: 9) { data { id } } }')
  t.same(answer.body.data, { a: { data: { id: '3', attributes: { code: 'pt-BR' } } }, b: { data: null } })
  const bad = await graphql(test, '{ i18NLocale(id: "x") { data { id } } }')
  t.match(bad.body.errors[0], { extensions: { code: 'BAD_USER_INPUT' } })
})

t.test('filters, sort and pagination as a content list\'s', async t => {
  t.same(codes(await graphql(test, '{ i18NLocales(filters: { code: { startsWith: "p" } }) { data { attributes { code } } } }')), ['pt-BR'])
  t.same(codes(await graphql(test, '{ i18NLocales(filters: { or: [{ code: { eq: "de" } }, { name: { containsi: "FRENCH" } }] }) { data { attributes { code } } } }')), ['fr', 'de'])
  t.same(codes(await graphql(test, '{ i18NLocales(filters: { not: { id: { in: [1, 2] } } }) { data { attributes { code } } } }')), ['pt-BR', 'de'])
  t.same(codes(await graphql(test, '{ i18NLocales(filters: { id: { between: [2, 3] }, code: { notContains: "-" } }) { data { attributes { code } } } }')), ['fr'])
  t.same(codes(await graphql(test, '{ i18NLocales(filters: { createdAt: { null: true } }) { data { attributes { code } } } }')).length, 4)
  t.same(codes(await graphql(test, '{ i18NLocales(sort: "code:desc") { data { attributes { code } } } }')), ['pt-BR', 'fr', 'en', 'de'])
  t.same(codes(await graphql(test, '{ i18NLocales(sort: ["name"]) { data { attributes { code } } } }')), ['pt-BR', 'en', 'fr', 'de'])
  const page = await graphql(test, '{ i18NLocales(sort: "code", pagination: { page: 2, pageSize: 3 }) { data { attributes { code } } meta { pagination { page pageSize pageCount total } } } }')
  t.same(codes(page), ['pt-BR'])
  t.same(page.body.data.i18NLocales.meta.pagination, { page: 2, pageSize: 3, pageCount: 2, total: 4 })
  const offset = await graphql(test, '{ i18NLocales(pagination: { start: 1, limit: 2 }) { data { id } m: meta { p: pagination { t: total } } } }')
  t.same(offset.body.data.i18NLocales, { data: [{ id: '2' }, { id: '3' }], m: { p: { t: 4 } } }, 'aliases answer under their keys')
})

t.test('bad input: Strapi\'s extensions, never a 500', async t => {
  const sort = await graphql(test, '{ i18NLocales(sort: "isDefault") { data { id } } }')
  t.equal(sort.status, 200)
  t.equal(sort.body.data.i18NLocales, null)
  t.match(sort.body.errors[0], { extensions: { code: 'BAD_USER_INPUT' } })
  const direction = await graphql(test, '{ i18NLocales(sort: "code:sideways") { data { id } } }')
  t.match(direction.body.errors[0], { extensions: { code: 'BAD_USER_INPUT' } })
  const mixed = await graphql(test, '{ i18NLocales(pagination: { page: 1, limit: 2 }) { data { id } } }')
  t.match(mixed.body.errors[0], { extensions: { code: 'STRAPI_PAGINATION_ERROR' } })
  const between = await graphql(test, '{ i18NLocales(filters: { id: { between: [1] } }) { data { id } } }')
  t.match(between.body.errors[0], { extensions: { code: 'BAD_USER_INPUT' } })
  const unknown = await graphql(test, '{ i18NLocales(filters: { isDefault: { eq: true } }) { data { id } } }')
  t.equal(unknown.status, 400)
  t.equal(unknown.body.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED')
})
