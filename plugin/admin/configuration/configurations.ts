/**
 * The view configurations the content manager answers: Strapi's defaults for the schema, the
 * schema's own `config` over them (checked at start-up), and what the panel saved over both
 * (stored in `fca_content_manager_configurations`). A content type's answer carries the
 * configurations of every component it holds, read with its own in ONE statement.
 */
import type { ComponentModel, ContentTypeModel } from '../../content-types/model.js'
import type { Registry } from '../../content-types/registry.js'
import { SchemaError } from '../../errors.js'
import type { Database } from '../../repository/connection/database.js'
import { VIEW_CONFIGURATION_ENTITY } from '../../repository/schema/admin-entity.js'
import { entitySql, type EntitySql } from '../../repository/schema/sql-names.js'
import { raw, runSql, sql, type Sql } from '../../sql/index.js'
import { applyPatch, checkPatch, type ConfigurationPatch } from './patch.js'
import { mainFieldOf } from '../../content-types/main-field.js'
import { defaultConfiguration, type ConfigurableModel, type DefaultsContext, type ViewConfiguration } from './view-configuration.js'

export interface ContentTypeConfigurationView {
  contentType: ViewConfiguration & { uid: string }
  components: Record<string, ComponentConfigurationView>
}

export type ComponentConfigurationView = ViewConfiguration & { uid: string, category: string, isComponent: true }

export class ViewConfigurations {
  readonly #db: Database
  readonly #registry: Registry
  readonly #table: EntitySql
  /** Defaults with the schema's `config` laid over them, per uid. */
  readonly #base = new Map<string, ViewConfiguration>()

  /** Throws a SchemaError when a schema's `config` does not fit its model. */
  constructor ({ db, registry }: { db: Database, registry: Registry }) {
    this.#db = db
    this.#registry = registry
    this.#table = entitySql(db.names, VIEW_CONFIGURATION_ENTITY)
    for (const model of [...registry.contentTypes.values(), ...registry.components.values()]) this.#baseOf(model)
  }

  /** The main field of a model (the schema's choice, else Strapi's default), not what the panel saved. */
  mainFieldOf (uid: string): string {
    const model = this.#registry.contentTypes.get(uid) ?? this.#registry.components.get(uid)
    // From the schema alone, not the base configuration: relations may point back at their own type.
    return model === undefined ? 'id' : mainFieldOf(model)
  }

  async contentType (model: ContentTypeModel): Promise<ContentTypeConfigurationView> {
    const components = componentsHeld(this.#registry, model)
    const stored = await this.#stored([model.uid, ...components.map(component => component.uid)])
    return {
      contentType: { uid: model.uid, ...this.#effective(model, stored.get(model.uid)) },
      components: this.#componentViews(components, stored)
    }
  }

  async component (model: ComponentModel): Promise<{ component: ComponentConfigurationView, components: Record<string, ComponentConfigurationView> }> {
    const components = componentsHeld(this.#registry, model)
    const stored = await this.#stored([model.uid, ...components.map(component => component.uid)])
    return { component: this.#componentView(model, stored), components: this.#componentViews(components, stored) }
  }

  /** The defaults with the schema's `config` over them, without what the panel saved: read nothing. */
  base (model: ConfigurableModel): ViewConfiguration {
    return this.#baseOf(model)
  }

  /** The configuration a list reads with (its settings), as saved. */
  async settingsOf (model: ContentTypeModel): Promise<ViewConfiguration> {
    const stored = await this.#stored([model.uid])
    return this.#effective(model, stored.get(model.uid))
  }

  /** Checks `body` and saves it over what was saved before (ONE statement); answers the effective configuration. */
  async save (model: ConfigurableModel, body: unknown): Promise<ViewConfiguration> {
    const patch = checkPatch(model, body)
    const { table, column } = this.#table
    const saved = sql`${table}.${column('value')}`
    const sent = sql`excluded.${column('value')}`
    const [row] = await runSql(this.#db, sql`insert into ${table} (${column('uid')}, ${column('value')}, ${column('updatedAt')})
      values (${model.uid}, ${JSON.stringify(patch)}::jsonb, now())
      on conflict (${column('uid')}) do update set ${column('value')} = jsonb_build_object(
          'settings', ${part(saved, 'settings')} || ${part(sent, 'settings')},
          'metadatas', ${mergedMetadatas(saved, sent)},
          'layouts', ${part(saved, 'layouts')} || ${part(sent, 'layouts')}),
        ${column('updatedAt')} = now()
      returning ${column('value')} as value`)
    return this.#effective(model, row?.value)
  }

  #componentViews (components: readonly ComponentModel[], stored: ReadonlyMap<string, unknown>): Record<string, ComponentConfigurationView> {
    const views: Record<string, ComponentConfigurationView> = {}
    for (const component of components) views[component.uid] = this.#componentView(component, stored)
    return views
  }

  #componentView (model: ComponentModel, stored: ReadonlyMap<string, unknown>): ComponentConfigurationView {
    return { uid: model.uid, category: model.category, isComponent: true, ...this.#effective(model, stored.get(model.uid)) }
  }

  async #stored (uids: readonly string[]): Promise<Map<string, unknown>> {
    const { table, column } = this.#table
    const rows = await runSql(this.#db, sql`select ${column('uid')} as uid, ${column('value')} as value from ${table} where ${column('uid')} = any(${uids}::varchar[])`)
    return new Map(rows.map(row => [String(row.uid), row.value]))
  }

  /** What was saved, over the base; a saved part the schema no longer fits (an attribute since removed) is left out. */
  #effective (model: ConfigurableModel, stored: unknown): ViewConfiguration {
    const base = this.#baseOf(model)
    if (stored === undefined || stored === null) return base
    let patch: ConfigurationPatch
    try {
      patch = checkPatch(model, stored)
    } catch {
      return base
    }
    return applyPatch(base, patch)
  }

  #baseOf (model: ConfigurableModel): ViewConfiguration {
    let base = this.#base.get(model.uid)
    if (base === undefined) {
      base = schemaConfiguration(model, { registry: this.#registry, mainFieldOf: uid => this.mainFieldOf(uid) })
      this.#base.set(model.uid, base)
    }
    return base
  }
}

/** Strapi's defaults for the schema with the schema's own `config` laid over them, key by key; a SchemaError when it does not fit. */
export function schemaConfiguration (model: ConfigurableModel, context: DefaultsContext): ViewConfiguration {
  const defaults = defaultConfiguration(model, context)
  return model.adminConfig === undefined ? defaults : applyPatch(defaults, schemaPatch(model))
}

function schemaPatch (model: ConfigurableModel): ConfigurationPatch {
  try {
    return checkPatch(model, model.adminConfig)
  } catch (error) {
    const details = (error as { details?: { errors?: Array<{ message: string }> } }).details?.errors?.map(issue => issue.message).join('; ')
    throw new SchemaError(model.source, null, `config: ${details ?? (error as Error).message}`)
  }
}

function part (value: Sql, key: string): Sql {
  return sql`coalesce(${value} -> ${key}, '{}'::jsonb)`
}

/** Each saved attribute's `edit` and `list` merged key by key with the ones sent. */
function mergedMetadatas (saved: Sql, sent: Sql): Sql {
  const meta = (side: string, key: string): Sql => raw(`coalesce(${side}.meta -> '${key}', '{}'::jsonb)`)
  return sql`coalesce((select jsonb_object_agg(name, jsonb_build_object(
      'edit', ${meta('was', 'edit')} || ${meta('sent', 'edit')},
      'list', ${meta('was', 'list')} || ${meta('sent', 'list')}))
    from jsonb_each(${part(saved, 'metadatas')}) as was(name, meta)
    full join jsonb_each(${part(sent, 'metadatas')}) as sent(name, meta) using (name)), '{}'::jsonb)`
}

/** The components a model holds, directly or through other components and zones, each once. */
export function componentsHeld (registry: Registry, model: ConfigurableModel): ComponentModel[] {
  const found = new Map<string, ComponentModel>()
  const visit = (current: ConfigurableModel): void => {
    for (const attribute of current.attributes.values()) {
      const uids = attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : []
      for (const uid of uids) {
        const component = registry.components.get(uid)
        if (component === undefined || found.has(uid) || uid === model.uid) continue
        found.set(uid, component)
        visit(component)
      }
    }
  }
  visit(model)
  return [...found.values()]
}
