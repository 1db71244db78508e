/**
 * The content model the admin layout tests read: one article with an attribute of each kind
 * in a known order, a type with no string attribute, and one whose schema carries a `config`.
 */
import { buildRegistry, type Registry } from '../../../plugin/content-types/registry.js'
import type { ContentTypeModel } from '../../../plugin/content-types/model.js'

export const ARTICLE_ATTRIBUTES = {
  title: { type: 'string', required: true },
  slug: { type: 'uid', targetField: 'title' },
  body: { type: 'richtext' },
  views: { type: 'integer' },
  rating: { type: 'float' },
  featured: { type: 'boolean' },
  released: { type: 'date' },
  metadata: { type: 'json' },
  secret: { type: 'string', private: true },
  password: { type: 'password' },
  author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' },
  tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
  cover: { type: 'media', allowedTypes: ['images'] },
  seo: { type: 'component', component: 'shared.seo' },
  blocks: { type: 'dynamiczone', components: ['shared.seo'] }
} as const

export function layoutRegistry (articleConfig?: unknown): Registry {
  return buildRegistry({
    contentTypes: {
      'api::article.article': {
        info: { singularName: 'article', pluralName: 'articles' },
        options: { draftAndPublish: true },
        attributes: ARTICLE_ATTRIBUTES,
        ...(articleConfig === undefined ? {} : { config: articleConfig })
      },
      'api::author.author': {
        info: { singularName: 'author', pluralName: 'authors' },
        attributes: { age: { type: 'integer' }, name: { type: 'string' } }
      },
      'api::tag.tag': {
        info: { singularName: 'tag', pluralName: 'tags' },
        attributes: { weight: { type: 'integer' }, active: { type: 'boolean' } }
      }
    },
    components: {
      'shared.seo': { collectionName: 'components_shared_seos', info: { displayName: 'Seo' }, attributes: { metaTitle: { type: 'string' } } }
    }
  } as never)
}

export function model (registry: Registry, uid: string): ContentTypeModel {
  const found = registry.contentTypes.get(uid)
  if (found === undefined) throw new Error(`no ${uid}`)
  return found
}
