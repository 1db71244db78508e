/**
 * Every filter operator of docs/querying.md, 'filters', against PostgreSQL, with NULLs, unicode and case;
 * values are coerced by attribute type, and LIKE wildcards in values are literal.
 */
import t from 'tap'
import type { ContentTypeSchema } from '../../plugin/index.js'
import { buildTestApp } from '../helpers/app.js'
import { post } from '../helpers/magazine.js'

const contentTypes: Record<string, ContentTypeSchema> = {
  'api::item.item': {
    info: { singularName: 'item', pluralName: 'items' },
    attributes: {
      name: { type: 'string' },
      note: { type: 'text' },
      count: { type: 'integer' },
      big: { type: 'biginteger' },
      price: { type: 'decimal' },
      flag: { type: 'boolean' },
      day: { type: 'date' },
      at: { type: 'time' },
      moment: { type: 'datetime' },
      payload: { type: 'json' }
    }
  }
}

const { app, close } = await buildTestApp({ contentTypes, docs: false })
t.teardown(close)
await post(app, 'items', { name: 'Ærø', count: 1, big: '9007199254740993', price: '0.10', flag: true, day: '2024-01-01', at: '08:00', moment: '2024-01-01T08:00:00.000Z', payload: { a: 1 } })
await post(app, 'items', { name: 'apple', note: 'Red Fruit', count: 5, big: '5', price: '2.50', flag: false, day: '2024-06-15', at: '12:30:15', moment: '2024-06-15T12:30:15.000Z' })
await post(app, 'items', { name: 'Apple pie', note: '50% off_deal', count: 10, big: '-3', price: '10', day: '2025-02-28', at: '23:59:59', moment: '2025-02-28T23:59:59.999Z' })
await post(app, 'items', { name: '中文', note: 'x' })

async function names (filters: string): Promise<string[]> {
  const response = await app.inject({ url: `/api/items?${filters}` })
  if (response.statusCode !== 200) throw new Error(`${filters} answered ${response.statusCode}: ${response.body}`)
  return response.json().data.map((entry: any) => entry.attributes.name)
}

const cases: Array<[string, string[]]> = [
  ['filters[name][$eq]=apple', ['apple']],
  ['filters[name]=apple', ['apple']],
  ['filters[name][$eqi]=APPLE', ['apple']],
  ['filters[name][$eqi]=ærø', ['Ærø']],
  ['filters[name][$ne]=apple', ['Ærø', 'Apple pie', '中文']],
  ['filters[name][$nei]=APPLE', ['Ærø', 'Apple pie', '中文']],
  ['filters[note][$ne]=x', ['Ærø', 'apple', 'Apple pie']],
  ['filters[count][$lt]=5', ['Ærø']],
  ['filters[count][$lte]=5', ['Ærø', 'apple']],
  ['filters[count][$gt]=5', ['Apple pie']],
  ['filters[count][$gte]=5', ['apple', 'Apple pie']],
  ['filters[count][$in][0]=1&filters[count][$in][1]=10', ['Ærø', 'Apple pie']],
  ['filters[count][0]=1&filters[count][1]=5', ['Ærø', 'apple']],
  ['filters[count][$notIn][0]=1', ['apple', 'Apple pie', '中文']],
  ['filters[name][$contains]=pple', ['apple', 'Apple pie']],
  ['filters[name][$contains]=APPLE', []],
  ['filters[name][$containsi]=APPLE', ['apple', 'Apple pie']],
  ['filters[name][$notContains]=pple', ['Ærø', '中文']],
  ['filters[name][$notContainsi]=APPLE', ['Ærø', '中文']],
  ['filters[note][$notContains]=Fruit', ['Ærø', 'Apple pie', '中文']],
  ['filters[name][$startsWith]=A', ['Apple pie']],
  ['filters[name][$startsWithi]=a', ['apple', 'Apple pie']],
  ['filters[name][$endsWith]=pie', ['Apple pie']],
  ['filters[name][$endsWithi]=PIE', ['Apple pie']],
  ['filters[name][$containsi]=文', ['中文']],
  ['filters[note][$contains]=%25', ['Apple pie']],
  ['filters[note][$contains]=_', ['Apple pie']],
  ['filters[note][$contains]=0%25%20off_', ['Apple pie']],
  ['filters[note][$null]=true', ['Ærø']],
  ['filters[note][$null]=false', ['apple', 'Apple pie', '中文']],
  ['filters[note][$notNull]=true', ['apple', 'Apple pie', '中文']],
  ['filters[payload][$notNull]=true', ['Ærø']],
  ['filters[count][$between][0]=2&filters[count][$between][1]=10', ['apple', 'Apple pie']],
  ['filters[big][$gt]=9007199254740992', ['Ærø']],
  ['filters[big][$lt]=0', ['Apple pie']],
  ['filters[price][$eq]=10.00', ['Apple pie']],
  ['filters[price][$lte]=2.5', ['Ærø', 'apple']],
  ['filters[flag][$eq]=false', ['apple']],
  ['filters[flag][$ne]=true', ['apple', 'Apple pie', '中文']],
  ['filters[day][$gte]=2024-06-15', ['apple', 'Apple pie']],
  ['filters[at][$gt]=12:00', ['apple', 'Apple pie']],
  ['filters[moment][$lt]=2024-06-15T12:30:15.000Z', ['Ærø']],
  ['filters[$or][0][count][$eq]=1&filters[$or][1][name][$eq]=中文', ['Ærø', '中文']],
  ['filters[$and][0][count][$gt]=1&filters[$and][1][name][$startsWithi]=apple', ['apple', 'Apple pie']],
  ['filters[$not][count][$gt]=1', ['Ærø', '中文']],
  ['filters[$not][$or][0][name][$eq]=apple&filters[$not][$or][1][count][$null]=true', ['Ærø', 'Apple pie']],
  ['filters[id][$in][0]=1&filters[id][$in][1]=4', ['Ærø', '中文']]
]

for (const [filters, expected] of cases) {
  t.test(decodeURIComponent(filters), async t => {
    t.same(await names(filters), expected)
  })
}

t.test('values that cannot be coerced to the attribute type are a 400', async t => {
  for (const bad of ['filters[count][$eq]=1.5', 'filters[count][$eq]=abc', 'filters[big][$eq]=1e3x', 'filters[day][$eq]=2024-02-30',
    'filters[at][$eq]=25:00', 'filters[flag][$eq]=maybe', 'filters[moment][$eq]=yesterday', 'filters[payload][$eq]=1', 'filters[count][$containsi]=1']) {
    const response = await app.inject({ url: `/api/items?${bad}` })
    t.equal(response.statusCode, 400, bad)
  }
})

t.test('sort: NULLs last ascending, first descending; id breaks ties', async t => {
  const order = async (sort: string): Promise<string[]> => (await app.inject({ url: `/api/items?sort=${sort}` })).json().data.map((e: any) => e.attributes.name)
  t.same(await order('note:asc'), ['Apple pie', 'apple', '中文', 'Ærø'], '"50% …" < "Red …" < "x" < NULL')
  t.same(await order('note:desc'), ['Ærø', '中文', 'apple', 'Apple pie'])
  t.same(await order('flag:asc,count:desc'), ['apple', 'Ærø', '中文', 'Apple pie'], 'false, true, then NULL flags by count with its NULL first')
})
