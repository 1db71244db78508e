/**
 * Strapi's content-API permissions, turned into this plugin's `permissions.roles` option.
 * Here permissions come from the options (synced into `up_permissions` at every start), so
 * the importer does not copy the rows: it shows the option that grants the same actions.
 */
import type { StrapiSource } from './strapi-source.js'

/** `links`: the table joining permissions to roles (`up_permissions_role_links` in v4, `up_permissions_role_lnk` in v5). */
export async function strapiPermissions (source: Pick<StrapiSource, 'rows'>, links: string): Promise<Record<string, Record<string, string[]>>> {
  const rows = await source.rows(
    `select r.type as role, p.action from up_permissions p
       join ${links} l on l.permission_id = p.id
       join up_roles r on r.id = l.role_id
      where p.action like 'api::%' or p.action like 'plugin::upload.content-api.%' order by r.type, p.action`)
  const roles: Record<string, Record<string, string[]>> = {}
  for (const row of rows) {
    // `plugin::upload.content-api.find` is the media plugin's `find` here (docs/media.md: 'plugin::upload').
    const action = String(row.action).replace('plugin::upload.content-api.', 'plugin::upload.')
    const cut = action.lastIndexOf('.')
    const uid = action.slice(0, cut)
    const actions = ((roles[String(row.role)] ??= {})[uid] ??= [])
    actions.push(action.slice(cut + 1))
  }
  return roles
}
