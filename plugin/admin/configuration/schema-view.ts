/**
 * Content types and components as Strapi's content manager describes them
 * (`GET /content-manager/init`): uid, apiID, kind, info, options and attributes in the schema
 * format, with the attributes the server adds (id, timestamps, publishedAt, creator fields).
 */
import type { Attribute, ComponentModel, ContentTypeModel } from '../../content-types/model.js'
import { strapiType } from './field-sizes.js'

const ADMIN_USER_UID = 'admin::user'

function attributeView (attribute: Attribute): Record<string, unknown> {
  const view: Record<string, unknown> = { type: strapiType(attribute) }
  if (attribute.required) view.required = true
  if (attribute.private) view.private = true
  if (attribute.system) { view.configurable = false; view.writable = attribute.kind === 'scalar' && attribute.writable }
  switch (attribute.kind) {
    case 'scalar': {
      const { unique, default: fallback, min, max, minLength, maxLength, regex, enum: values, targetField } = attribute
      Object.assign(view, {
        ...(unique ? { unique } : {}),
        ...(fallback === undefined ? {} : { default: fallback }),
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
        ...(minLength === undefined ? {} : { minLength }),
        ...(maxLength === undefined ? {} : { maxLength }),
        ...(regex === undefined ? {} : { regex }),
        ...(values === undefined ? {} : { enum: values }),
        ...(targetField === undefined ? {} : { targetField })
      })
      break
    }
    case 'relation':
      Object.assign(view, { relation: attribute.relation, target: attribute.target, ...(attribute.inverse === undefined ? {} : { [attribute.owning ? 'inversedBy' : 'mappedBy']: attribute.inverse }) })
      break
    case 'media':
      Object.assign(view, { multiple: attribute.multiple, allowedTypes: attribute.allowedTypes ?? ['images', 'files', 'videos', 'audios'] })
      break
    case 'component':
      Object.assign(view, { component: attribute.component, repeatable: attribute.repeatable, ...(attribute.min === undefined ? {} : { min: attribute.min }), ...(attribute.max === undefined ? {} : { max: attribute.max }) })
      break
    case 'dynamiczone':
      Object.assign(view, { components: attribute.components, ...(attribute.min === undefined ? {} : { min: attribute.min }), ...(attribute.max === undefined ? {} : { max: attribute.max }) })
      break
  }
  return view
}

const CREATOR_VIEW = { type: 'relation', relation: 'oneToOne', target: ADMIN_USER_UID, configurable: false, writable: false, visible: false, useJoinTable: false, private: true }

function attributesView (model: ContentTypeModel | ComponentModel): Record<string, unknown> {
  const attributes: Record<string, unknown> = {}
  for (const attribute of model.attributes.values()) attributes[attribute.name] = attributeView(attribute)
  if (model.kind === 'contentType') {
    attributes.createdBy = CREATOR_VIEW
    attributes.updatedBy = CREATOR_VIEW
  }
  return attributes
}

export function contentTypeView (model: ContentTypeModel): Record<string, unknown> {
  return {
    uid: model.uid,
    isDisplayed: true,
    apiID: model.singularName,
    kind: model.single ? 'singleType' : 'collectionType',
    info: { singularName: model.singularName, pluralName: model.pluralName, displayName: model.displayName, description: model.description ?? '' },
    options: { draftAndPublish: model.draftAndPublish },
    pluginOptions: model.localized ? { i18n: { localized: true } } : {},
    attributes: attributesView(model)
  }
}

export function componentView (model: ComponentModel): Record<string, unknown> {
  const apiID = model.uid.slice(model.uid.indexOf('.') + 1)
  return {
    uid: model.uid,
    isDisplayed: true,
    apiID,
    category: model.category,
    info: { displayName: model.displayName, icon: model.icon ?? null, description: model.description ?? '' },
    options: {},
    attributes: attributesView(model)
  }
}
