/**
 * A model's main field: the attribute that names an entry where a person picks or scans
 * entries (the admin panel's entry title, list default sort and relation picker). The
 * schema's `config.settings.mainField` when it names an attribute, else Strapi's default
 * rule: the first string attribute of the model's own (not system, not private), else `id`.
 * What an editor later saves in the panel's configuration is not read here.
 */
import { isRecord } from '../is-record.js'
import type { ComponentModel, ContentTypeModel } from './model.js'

export function mainFieldOf (model: ContentTypeModel | ComponentModel): string {
  const settings = isRecord(model.adminConfig) ? model.adminConfig.settings : undefined
  const configured = isRecord(settings) ? settings.mainField : undefined
  return typeof configured === 'string' && model.attributes.has(configured) ? configured : defaultMainField(model)
}

/** Strapi's rule when the schema names none. */
export function defaultMainField (model: ContentTypeModel | ComponentModel): string {
  for (const attribute of model.attributes.values()) {
    if (attribute.kind === 'scalar' && attribute.type === 'string' && !attribute.system && !attribute.private) return attribute.name
  }
  return 'id'
}
