/**
 * A few hundred random and hostile query strings (seeded, so a failure reproduces): parse
 * and compile either answer a tree or throw a ValidationError, never anything else.
 */
import t from 'tap'
import { ValidationError } from '../../../plugin/errors.js'
import { compileEntryQuery, compileListQuery } from '../../../plugin/query/compile-query.js'
import { parseQueryString } from '../../../plugin/query/parse.js'
import { LIMITS, article, author, registry } from './registry-fixture.js'
import { seededRandom } from '../../helpers/prng.js'

const SEED = 20240521
const RUNS = 600

const next = seededRandom(SEED)
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
const count = (max: number): number => Math.floor(next() * (max + 1))

const TOP = ['fields', 'populate', 'filters', 'sort', 'pagination', 'publicationState', 'locale', '', '__proto__', 'constructor']
const NAMES = [
  'title', 'slug', 'views', 'price', 'big', 'rating', 'featured', 'published', 'startsAt', 'scheduledAt', 'metadata', 'secret',
  'password', 'author', 'editor', 'tags', 'category', 'cover', 'gallery', 'seo', 'links', 'blocks', 'name', 'articles', 'avatar',
  'openGraph', 'ogImage', 'metaTitle', 'id', 'createdBy', 'nope', 'populate', 'fields', 'filters', 'sort', 'count', 'on',
  'pagination', 'start', 'limit', 'page', 'pageSize', 'withCount', 'blocks.quote', 'blocks.related-articles', 'shared.seo',
  '$eq', '$in', '$between', '$null', '$or', '$and', '$not', '$containsi', '$lt', '$foo', '0', '1', '99', '100', '', '[]',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '*'
]
const VALUES = [
  '', '*', 'true', 'false', '1', '0', '-1', 'abc', 'title', 'title:desc', 'author.name:asc', 'seo.openGraph', 'a,b', ',,',
  '2024-02-30', '2024-01-01', '12:00', '1e999', 'NaN', '9223372036854775808', 'live', 'preview', '%00', '%E0%A4%A',
  '%5B', '%5D', '[', ']', '&', '=', '%26', '🙂', 'x'.repeat(300), '.', 'a..b', '::', 'desc', 'ASC', '$eq'
]

function key (): string {
  let text = pick(TOP)
  for (let depth = count(next() < 0.1 ? 45 : 8); depth > 0; depth--) {
    const name = pick(NAMES)
    text += next() < 0.05 ? name : `[${name}]`
  }
  return text
}

function queryString (): string {
  const parts: string[] = []
  for (let pairs = 1 + count(next() < 0.02 ? 1100 : 8); pairs > 0; pairs--) {
    const roll = next()
    parts.push(roll < 0.85 ? `${key()}=${pick(VALUES)}` : roll < 0.95 ? key() : pick(VALUES))
  }
  let text = parts.join(next() < 0.1 ? '&&' : '&')
  if (next() < 0.1) {
    // Cut the string anywhere, even inside an escape.
    text = text.slice(0, count(text.length))
  }
  return text
}

const VALID = [
  'fields[0]=title&fields[1]=views&populate[author][fields][0]=name',
  'populate[author][populate][articles][populate][tags][sort][0]=name:desc',
  'populate[0]=seo.openGraph.ogImage&populate[1]=blocks',
  'populate[blocks][on][blocks.quote][fields][0]=text&populate[blocks][on][blocks.related-articles][populate]=*',
  'populate[tags][count]=true&populate[cover][fields][0]=url',
  'filters[$or][0][views][$gt]=10&filters[$or][1][author][name][$containsi]=ann',
  'filters[published][$between][0]=2024-01-01&filters[published][$between][1]=2024-12-31&filters[$not][title][$null]=true',
  'filters[seo][openGraph][ogImage][size][$lt]=12.5&filters[tags][$in][0]=1',
  'sort=author.country.name:desc,title&sort[1][seo][metaTitle]=asc',
  'pagination[page]=2&pagination[pageSize]=10&publicationState=preview',
  'pagination[start]=0&pagination[limit]=-1&pagination[withCount]=false'
]

/** A valid query with one or a few pieces swapped, cut or repeated. */
function mutated (): string {
  let text = pick(VALID)
  for (let edits = 1 + count(3); edits > 0; edits--) {
    const roll = next()
    if (roll < 0.35) {
      const names = [...text.matchAll(/\[([^\]]*)\]/g)]
      const target = names.length > 0 ? pick(names) : undefined
      if (target?.index !== undefined) text = `${text.slice(0, target.index)}[${pick(NAMES)}]${text.slice(target.index + target[0].length)}`
    } else if (roll < 0.65) {
      const values = [...text.matchAll(/=([^&]*)/g)]
      const target = values.length > 0 ? pick(values) : undefined
      if (target?.index !== undefined) text = `${text.slice(0, target.index)}=${pick(VALUES)}${text.slice(target.index + target[0].length)}`
    } else if (roll < 0.8) {
      const at = count(text.length)
      text = text.slice(0, at) + text.slice(at + 1 + count(3))
    } else {
      const pairs = text.split('&')
      text = `${text}&${pick(pairs)}`
    }
  }
  return text
}

t.test(`${RUNS} random query strings: a tree or a ValidationError`, async t => {
  let trees = 0
  let rejections = 0
  const unexpected: string[] = []
  for (let run = 0; run < RUNS; run++) {
    const text = run % 2 === 0 ? queryString() : mutated()
    for (const compile of [
      () => compileListQuery(registry, article, parseQueryString(text), LIMITS),
      () => compileListQuery(registry, author, parseQueryString(text), LIMITS),
      () => compileEntryQuery(registry, article, parseQueryString(text))
    ]) {
      try {
        compile()
        trees++
      } catch (error) {
        if (error instanceof ValidationError && error.status === 400) rejections++
        else unexpected.push(`${String(error)} for ${text.slice(0, 200)}`)
      }
    }
  }
  t.same(unexpected, [], 'nothing but ValidationError is thrown')
  t.ok(trees > 50, `some queries compile (${trees})`)
  t.ok(rejections > 50, `some queries are refused (${rejections})`)
})
