/**
 * The content model the query tests read: articles with every scalar type, relations of
 * each cardinality, media, nested components and a dynamic zone.
 */
import { buildRegistry, type Registry } from '../../../plugin/content-types/registry.js'
import type { ContentTypeModel } from '../../../plugin/content-types/model.js'
import { ValidationError } from '../../../plugin/errors.js'
import { compileListQuery } from '../../../plugin/query/compile-query.js'
import { parseQueryString } from '../../../plugin/query/parse.js'
import type { QueryTree } from '../../../plugin/query/tree.js'
import { QUIET_LENIENCY, type IgnoredKey, type Leniency } from '../../../plugin/query/leniency.js'

export const registry: Registry = buildRegistry({
  contentTypes: {
    'api::article.article': {
      info: { singularName: 'article', pluralName: 'articles' },
      options: { draftAndPublish: true },
      attributes: {
        title: { type: 'string', required: true },
        slug: { type: 'uid', targetField: 'title' },
        body: { type: 'richtext' },
        views: { type: 'integer' },
        price: { type: 'decimal' },
        big: { type: 'biginteger' },
        rating: { type: 'float' },
        featured: { type: 'boolean' },
        published: { type: 'date' },
        startsAt: { type: 'time' },
        scheduledAt: { type: 'datetime' },
        reviewedAt: { type: 'timestamp' },
        metadata: { type: 'json' },
        status: { type: 'enumeration', enum: ['draft', 'ready'] },
        secret: { type: 'string', private: true },
        password: { type: 'password' },
        author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'articles' },
        editor: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', private: true },
        tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
        category: { type: 'relation', relation: 'oneToOne', target: 'api::category.category' },
        cover: { type: 'media', allowedTypes: ['images'] },
        gallery: { type: 'media', multiple: true },
        seo: { type: 'component', component: 'shared.seo' },
        links: { type: 'component', component: 'shared.link', repeatable: true },
        blocks: { type: 'dynamiczone', components: ['blocks.quote', 'blocks.rich-text', 'blocks.related-articles'] }
      }
    },
    'api::author.author': {
      info: { singularName: 'author', pluralName: 'authors' },
      attributes: {
        name: { type: 'string' },
        email: { type: 'email' },
        password: { type: 'password' },
        articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' },
        avatar: { type: 'media' },
        country: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' }
      }
    },
    'api::category.category': {
      info: { singularName: 'category', pluralName: 'categories' },
      attributes: {
        name: { type: 'string' },
        slug: { type: 'uid' }
      }
    },
    'api::tag.tag': {
      info: { singularName: 'tag', pluralName: 'tags' },
      attributes: { name: { type: 'string' } }
    }
  },
  components: {
    'shared.seo': {
      attributes: {
        metaTitle: { type: 'string' },
        metaDescription: { type: 'text' },
        openGraph: { type: 'component', component: 'shared.open-graph' },
        shareImage: { type: 'media' }
      }
    },
    'shared.open-graph': {
      attributes: {
        ogTitle: { type: 'string' },
        ogImage: { type: 'media' }
      }
    },
    'shared.link': {
      attributes: { label: { type: 'string' }, url: { type: 'string' } }
    },
    'blocks.quote': {
      attributes: { text: { type: 'text' }, author: { type: 'string' } }
    },
    'blocks.rich-text': {
      attributes: {
        body: { type: 'richtext' },
        articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article' }
      }
    },
    'blocks.related-articles': {
      attributes: {
        title: { type: 'string' },
        articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article' }
      }
    }
  }
})

function contentType (uid: string): ContentTypeModel {
  const model = registry.contentTypes.get(uid)
  if (model === undefined) throw new Error(`fixture has no ${uid}`)
  return model
}

export const article = contentType('api::article.article')
export const author = contentType('api::author.author')
export const category = contentType('api::category.category')

export const LIMITS = { maxPageSize: 100, defaultPageSize: 25 }

/** A list query on articles, from a raw query string (Strapi-lenient, as by default). */
export function listQuery (queryString: string, model: ContentTypeModel = article, leniency: Leniency = QUIET_LENIENCY): QueryTree {
  return compileListQuery(registry, model, parseQueryString(queryString), { ...LIMITS, leniency })
}

/** The same with the `strict` option: what Strapi ignores is a 400. */
export function strictQuery (queryString: string, model: ContentTypeModel = article): QueryTree {
  return listQuery(queryString, model, { strict: true, ignored: () => { throw new Error('strict compiles report nothing') } })
}

/** A lenient list query, with the keys it ignored. */
export function lenientQuery (queryString: string, model: ContentTypeModel = article): { tree: QueryTree, ignored: IgnoredKey[] } {
  const ignored: IgnoredKey[] = []
  const tree = listQuery(queryString, model, { strict: false, ignored: key => { ignored.push(key) } })
  return { tree, ignored }
}

export interface Failure {
  path: unknown
  message: string
}

/**
 * What `fn` throws, reduced to the details path and message of a ValidationError; any
 * other outcome is a string that fails the comparison with a readable diff.
 */
export function failure (fn: () => unknown): Failure | string {
  try {
    fn()
  } catch (error) {
    if (!(error instanceof ValidationError)) return `not a ValidationError: ${String(error)}`
    const issues = error.details.errors
    const path = Array.isArray(issues) ? (issues[0] as { path?: unknown } | undefined)?.path : undefined
    return { path, message: error.message }
  }
  return 'no error thrown'
}
