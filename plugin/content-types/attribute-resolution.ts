/**
 * A declared model's attributes, resolved once every model is declared: names checked, custom
 * fields resolved to their stored type, each attribute normalised by its kind, and the system
 * attributes (timestamps, publication, locale) added.
 */
import { SchemaError } from '../errors.js'
import { checkAttributeShape, isMorphRelation, scalarAttribute, systemScalar } from './attribute-rules.js'
import { componentAttribute, dynamicZoneAttribute } from './component-attributes.js'
import { resolveCustomFields } from './custom-fields.js'
import type { AttributeSchema, RelationAttributeSchema, ScalarAttributeSchema } from './definition.js'
import { ownLink } from './link-tables.js'
import type { Attribute, ContentTypeModel, Model } from './model.js'
import { FILE_UID } from './model.js'
import { ATTRIBUTE_NAME, RESERVED_ATTRIBUTE_NAMES, snakeCase } from './names.js'
import { PLUGIN_TYPES, USER_UID, userRoleAttribute } from './plugin-types.js'
import { addTimestamps, addWriteTimePublishedAt } from './registry-draft.js'
import type { MutableModel, RegistryDraft } from './registry-draft.js'
import { shareAcrossLocales } from './registry-rules.js'
import { relationAttribute } from './relation-attributes.js'

export function resolveAttributes (draft: RegistryDraft, model: MutableModel): void {
  const { schema, source } = draft.sources.get(model.uid)!
  // Custom fields become their stored type before any other check; an unknown one is a problem of its own.
  const { attributes: declared, problems } = resolveCustomFields(source, schema.attributes, draft.customFields)
  draft.problems.push(...problems)
  const columns = new Map<string, string>()
  for (const [name, raw] of Object.entries(declared)) {
    draft.attempt(() => {
      const context = { source, name }
      if (!ATTRIBUTE_NAME.test(name)) throw new SchemaError(source, `attribute "${name}"`, 'names must start with a letter and hold only letters, digits and _')
      if (RESERVED_ATTRIBUTE_NAMES.has(name)) throw new SchemaError(source, `attribute "${name}"`, 'this name is reserved by the system')
      const column = snakeCase(name)
      const clash = columns.get(column)
      if (clash !== undefined) throw new SchemaError(source, `attribute "${name}"`, `maps to the same column as "${clash}"`)
      columns.set(column, name)
      const attribute = checkAttributeShape(context, raw)
      if (isMorphRelation(attribute)) {
        draft.warnings.push(`${source} (attribute "${name}"): ${(attribute as RelationAttributeSchema).relation} relations are not served`)
        return
      }
      const normalised = normalise(draft, { model, name, declared: attribute, siblings: declared })
      if (normalised !== null) model.attributes.set(name, shareAcrossLocales(model, normalised, attribute))
    })
  }
  if (model.kind === 'plugin' && PLUGIN_TYPES[model.uid]!.timestamps) addTimestamps(model.attributes)
  if (model.uid === USER_UID) model.attributes.set('role', userRoleAttribute())
  if (model.kind === 'contentType') {
    addTimestamps(model.attributes)
    if (model.draftAndPublish) model.attributes.set('publishedAt', systemScalar('publishedAt', 'datetime', true))
    if (model.localized) addLocalization(draft, model)
  }
  addWriteTimePublishedAt(draft, model.attributes)
}

/**
 * `locale`, set on create, and `localizations`: the other locales of the same entry. Each
 * member of a localization group links to every other one, so the group reads like any
 * many-to-many relation (populate, filters) and a deleted member leaves it by FK cascade.
 */
function addLocalization (draft: RegistryDraft, model: ContentTypeModel & { attributes: Map<string, Attribute> }): void {
  model.attributes.set('locale', systemScalar('locale', 'string'))
  model.attributes.set('localizations', {
    kind: 'relation',
    name: 'localizations',
    required: false,
    private: false,
    system: true,
    relation: 'manyToMany',
    target: model.uid,
    toMany: true,
    otherToMany: true,
    owning: true,
    link: ownLink(draft, { model, name: 'localizations', target: model.uid, unique: { uniqueOwner: false, uniqueTarget: false } })
  })
}

interface NormaliseOptions {
  model: Model
  name: string
  declared: AttributeSchema
  /** The model's other attributes, which some scalar checks read (a uid's targetField). */
  siblings: Record<string, AttributeSchema>
}

function normalise (draft: RegistryDraft, { model, name, declared, siblings }: NormaliseOptions): Attribute | null {
  const source = model.source
  const common = { name, required: declared.required === true, private: declared.private === true, system: false as const }
  switch (declared.type) {
    case 'relation':
      return relationAttribute(draft, model, name, declared)
    case 'media':
      return {
        ...common,
        kind: 'media',
        multiple: declared.multiple === true,
        allowedTypes: declared.allowedTypes ?? null,
        target: FILE_UID,
        link: ownLink(draft, { model, name, target: FILE_UID, unique: { uniqueOwner: declared.multiple !== true, uniqueTarget: false } })
      }
    case 'component':
      return componentAttribute(draft, { model, common, declared })
    case 'dynamiczone':
      return dynamicZoneAttribute(draft, { model, common, declared })
    default:
      return scalarAttribute({ source, name }, declared as ScalarAttributeSchema, siblings)
  }
}
