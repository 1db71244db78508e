/**
 * A property test of privacy: thousands of generated, seeded (reproducible) combinations
 * of fields, populate, filters and sort against a model with private and password
 * attributes. No private value may ever appear, and no query touching a private
 * attribute may be accepted.
 */
import t from 'tap'
import { buildTestApp } from '../helpers/app.js'
import { seedMagazine } from '../helpers/magazine.js'
import { seededRandom } from '../helpers/prng.js'

const SEED = Number(process.env.PRIVACY_SEED ?? 20261121)
const RUNS = Number(process.env.PRIVACY_RUNS ?? 2000)

const { app, close } = await buildTestApp()
t.teardown(close)
await seedMagazine(app)
await app.inject({ method: 'PUT', url: '/api/authors/1', payload: { data: { password: 'PLAINTEXT-PASSWORD-1' } } })

const random = seededRandom(SEED)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const PRIVATE = ['internalNotes', 'password']
const ARTICLE_FIELDS = ['title', 'views', 'internalNotes', 'slug', 'rating', 'body']
const AUTHOR_FIELDS = ['name', 'email', 'password', 'bio']
const RELATIONS: Record<string, { fields: string[], relations: string[] }> = {
  article: { fields: ARTICLE_FIELDS, relations: ['author', 'related', 'tags', 'seo', 'blocks', 'category'] },
  author: { fields: AUTHOR_FIELDS, relations: ['articles', 'featuredArticle', 'socialLinks'] }
}
const TARGET: Record<string, string> = { author: 'author', related: 'article', articles: 'article', featuredArticle: 'article' }
const OPERATORS = ['$eq', '$ne', '$containsi', '$startsWith', '$null', '$in', '$lt']

function populateParams (model: string, prefix: string, depth: number): string[] {
  const spec = RELATIONS[model]!
  const params: string[] = []
  const relation = pick(spec.relations)
  const next = TARGET[relation]
  if (random() < 0.3) {
    params.push(`${prefix}=*`)
    return params
  }
  params.push(`${prefix}[${relation}][fields][0]=${pick(next === undefined ? ['metaTitle', 'label', 'name'] : RELATIONS[next]!.fields)}`)
  if (next !== undefined && depth < 3 && random() < 0.6) params.push(...populateParams(next, `${prefix}[${relation}][populate]`, depth + 1))
  if (next !== undefined && random() < 0.3) params.push(`${prefix}[${relation}][filters][${pick(RELATIONS[next]!.fields)}][$containsi]=a`)
  return params
}

/** Single-entry reads ignore filters and sort, so only fields and populate count there. */
function query (model: 'article' | 'author', single: boolean): { text: string, touchesPrivate: boolean } {
  const spec = RELATIONS[model]!
  const params: string[] = []
  if (random() < 0.5) params.push(`fields[0]=${pick(spec.fields)}`, `fields[1]=${pick(spec.fields)}`)
  if (random() < 0.4) params.push('fields=*')
  if (random() < 0.7) params.push(...populateParams(model, 'populate', 1))
  if (random() < 0.5) {
    const path = random() < 0.5 ? [pick(spec.fields)] : model === 'article' ? ['author', pick(AUTHOR_FIELDS)] : ['articles', pick(ARTICLE_FIELDS)]
    params.push(`filters${path.map(step => `[${step}]`).join('')}[${pick(OPERATORS)}]=${pick(['a', 'x', '1', 'PLAINTEXT'])}`)
  }
  if (random() < 0.4) params.push(`sort=${random() < 0.5 ? pick(spec.fields) : model === 'article' ? `author.${pick(AUTHOR_FIELDS)}` : pick(AUTHOR_FIELDS)}:${pick(['asc', 'desc'])}`)
  const text = params.join('&')
  const checked = single ? params.filter(param => param.startsWith('fields') || param.startsWith('populate')) : params
  const touchesPrivate = checked.some(param => PRIVATE.some(name => param.includes(`[${name}]`) || param.includes(`=${name}`) || param.includes(`.${name}`)))
  return { text, touchesPrivate }
}

t.test(`${RUNS} generated queries (seed ${SEED}) never reveal a private value`, async t => {
  let accepted = 0
  let refused = 0
  for (let run = 0; run < RUNS; run += 1) {
    const model = random() < 0.6 ? 'article' : 'author'
    const single = random() < 0.3
    const { text, touchesPrivate } = query(model, single)
    const url = `/api/${model}s${single ? '/1' : ''}?publicationState=preview&${text}`
    const response = await app.inject({ method: 'GET', url })
    const body = response.body
    if (response.statusCode >= 500 || ![200, 400].includes(response.statusCode)) {
      t.fail(`${url} answered ${response.statusCode}: ${body}`)
      continue
    }
    // Errors may name a private attribute; no answer may carry its value, and no entry its key.
    const leaked = /never shown|PLAINTEXT-PASSWORD|\$argon2/.test(body) || (response.statusCode === 200 && /"internalNotes"|"password"/.test(body))
    if (leaked) {
      t.fail(`${url} revealed a private value: ${body.slice(0, 300)}`)
      continue
    }
    if (touchesPrivate && response.statusCode === 200) {
      t.fail(`${url} touched a private attribute and was accepted`)
      continue
    }
    if (response.statusCode === 200) accepted += 1
    else refused += 1
  }
  t.ok(accepted > RUNS / 10, `a real share of the queries was answered (${accepted} answered, ${refused} refused)`)
  t.ok(refused > RUNS / 10, `a real share touched private attributes and was refused (${refused})`)
})
