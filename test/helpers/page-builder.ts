/**
 * A page-builder content model of the kind real Strapi front ends read (pages made of a
 * dynamic zone of sections, with cards, buttons linking other pages, media, testimonials
 * and related articles), and the deep populate such a front end sends for one page.
 */
import qs from 'qs'
import type { ComponentSchema, ContentTypeSchema } from '../../plugin/index.js'
import type { ComponentAttributeSchema, MediaAttributeSchema } from '../../plugin/content-types/definition.js'

const media: MediaAttributeSchema = { type: 'media', allowedTypes: ['images'] }
const button: ComponentAttributeSchema = { type: 'component', component: 'shared.button', repeatable: true }

export const pageBuilderTypes: Record<string, ContentTypeSchema> = {
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages' },
    attributes: {
      title: { type: 'string' },
      slug: { type: 'string' },
      seo: { type: 'component', component: 'shared.seo' },
      sections: {
        type: 'dynamiczone',
        components: [
          'sections.hero', 'sections.features', 'sections.testimonials', 'sections.brands', 'sections.pricing',
          'sections.cta', 'sections.faq', 'sections.related-articles', 'sections.form'
        ]
      }
    }
  },
  'api::article.article': {
    info: { singularName: 'article', pluralName: 'articles' },
    attributes: {
      title: { type: 'string' },
      cover: media,
      author: { type: 'relation', relation: 'manyToOne', target: 'api::person.person' },
      categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category', inversedBy: 'articles' }
    }
  },
  'api::category.category': {
    info: { singularName: 'category', pluralName: 'categories' },
    attributes: {
      name: { type: 'string' },
      articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'categories' },
      parent: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' }
    }
  },
  'api::person.person': {
    info: { singularName: 'person', pluralName: 'people' },
    attributes: { name: { type: 'string' }, avatar: media }
  },
  'api::testimonial.testimonial': {
    info: { singularName: 'testimonial', pluralName: 'testimonials' },
    attributes: { text: { type: 'text' }, person: { type: 'relation', relation: 'manyToOne', target: 'api::person.person' } }
  }
}

export const pageBuilderComponents: Record<string, ComponentSchema> = {
  'shared.seo': { attributes: { metaTitle: { type: 'string' }, metaImage: media, openGraph: { type: 'component', component: 'shared.open-graph' } } },
  'shared.open-graph': { attributes: { ogTitle: { type: 'string' }, ogImage: media } },
  'shared.button': { attributes: { text: { type: 'string' }, url: { type: 'string' }, page: { type: 'relation', relation: 'oneToOne', target: 'api::page.page' } } },
  'cards.feature': { attributes: { title: { type: 'string' }, icon: media, link: { type: 'component', component: 'shared.button' } } },
  'cards.logo': { attributes: { name: { type: 'string' }, image: media } },
  'cards.perk': { attributes: { text: { type: 'string' } } },
  'cards.plan': { attributes: { name: { type: 'string' }, price: { type: 'decimal' }, perks: { type: 'component', component: 'cards.perk', repeatable: true }, cta: { type: 'component', component: 'shared.button' } } },
  'cards.faq': { attributes: { question: { type: 'string' }, answer: { type: 'text' } } },
  'cards.input': { attributes: { name: { type: 'string' }, placeholder: { type: 'string' } } },
  'sections.hero': { attributes: { heading: { type: 'string' }, image: media, buttons: button } },
  'sections.features': { attributes: { heading: { type: 'string' }, cards: { type: 'component', component: 'cards.feature', repeatable: true } } },
  'sections.testimonials': { attributes: { heading: { type: 'string' }, testimonials: { type: 'relation', relation: 'manyToMany', target: 'api::testimonial.testimonial' } } },
  'sections.brands': { attributes: { logos: { type: 'component', component: 'cards.logo', repeatable: true } } },
  'sections.pricing': { attributes: { heading: { type: 'string' }, plans: { type: 'component', component: 'cards.plan', repeatable: true } } },
  'sections.cta': { attributes: { heading: { type: 'string' }, buttons: button } },
  'sections.faq': { attributes: { items: { type: 'component', component: 'cards.faq', repeatable: true } } },
  'sections.related-articles': { attributes: { heading: { type: 'string' }, articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article' } } },
  'sections.form': { attributes: { heading: { type: 'string' }, inputs: { type: 'component', component: 'cards.input', repeatable: true }, people: { type: 'relation', relation: 'manyToMany', target: 'api::person.person' } } }
}

/**
 * What a page-builder front end asks for one page: every section with what it shows, the
 * buttons' linked pages down to their SEO image (6 levels), and related articles with
 * their authors, avatars and categories.
 */
export const pagePopulate = {
  seo: { populate: { metaImage: true, openGraph: { populate: { ogImage: true } } } },
  sections: {
    on: {
      'sections.hero': { populate: { image: true, buttons: { populate: { page: { fields: ['slug'] } } } } },
      'sections.features': { populate: { cards: { populate: { icon: true, link: { populate: { page: { fields: ['slug'] } } } } } } },
      'sections.testimonials': { populate: { testimonials: { populate: { person: { populate: { avatar: true } } } } } },
      'sections.brands': { populate: { logos: { populate: { image: true } } } },
      'sections.pricing': {
        populate: {
          plans: {
            populate: {
              perks: true,
              cta: { populate: { page: { fields: ['slug'], populate: { seo: { populate: { metaImage: true } } } } } }
            }
          }
        }
      },
      'sections.cta': { populate: { buttons: { populate: { page: { fields: ['slug'] } } } } },
      'sections.faq': { populate: { items: true } },
      'sections.related-articles': { populate: { articles: { populate: { cover: true, author: { populate: { avatar: true } }, categories: true } } } },
      'sections.form': { populate: { inputs: true, people: { populate: { avatar: true } } } }
    }
  }
}

/** A page read as front ends do: through the list, filtered by slug, with the default page size. */
export function pageQuery (slug: string): string {
  return qs.stringify({ filters: { slug: { $eq: slug } }, populate: pagePopulate }, { encodeValuesOnly: true })
}
