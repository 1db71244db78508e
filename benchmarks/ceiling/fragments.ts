/**
 * Hand-written SQL fragments of the ceiling: how each entity of the example model looks in
 * an answer, written from docs/api.md and docs/decisions.md (not from the plugin's code), so the ceiling is a
 * second, independent oracle of the answer shapes and value formats.
 */

/** datetime/timestamp: ISO-8601 UTC with milliseconds. */
export function isoUtc (column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}

/** date: `YYYY-MM-DD`. */
export function isoDate (column: string): string {
  return `to_char(${column}, 'YYYY-MM-DD')`
}

/** time: `HH:mm:ss`. */
export function clockTime (column: string): string {
  return `to_char(${column}, 'HH24:MI:SS')`
}

/** A populated entry `{ id, attributes }`; top-level entries also carry `meta: {}`. */
export function entry (alias: string, attributes: string, topLevel = false): string {
  return `json_build_object('id', ${alias}.id, 'attributes', ${attributes}${topLevel ? ", 'meta', '{}'::json" : ''})`
}

/** Every default scalar of an article (internalNotes is private), then `extra` pairs. */
export function articleAttributes (a: string, extra = ''): string {
  return `json_build_object(
    'title', ${a}.title, 'slug', ${a}.slug, 'excerpt', ${a}.excerpt, 'body', ${a}.body,
    'readingTime', ${a}.reading_time, 'views', ${a}.views::text, 'rating', ${a}.rating, 'score', ${a}.score,
    'featured', ${a}.featured, 'publishedOn', ${isoDate(`${a}.published_on`)}, 'publishAt', ${clockTime(`${a}.publish_at`)},
    'scheduledAt', ${isoUtc(`${a}.scheduled_at`)}, 'lastReviewedAt', ${isoUtc(`${a}.last_reviewed_at`)},
    'metadata', ${a}.metadata, 'status', ${a}.status, 'contactEmail', ${a}.contact_email,
    'createdAt', ${isoUtc(`${a}.created_at`)}, 'updatedAt', ${isoUtc(`${a}.updated_at`)},
    'publishedAt', ${isoUtc(`${a}.published_at`)}${extra})`
}

/** The upload plugin's file attributes (docs/media.md, 'File objects'). */
export function fileAttributes (f: string): string {
  return `json_build_object(
    'name', ${f}.name, 'alternativeText', ${f}.alternative_text, 'caption', ${f}.caption,
    'width', ${f}.width, 'height', ${f}.height, 'formats', ${f}.formats, 'hash', ${f}.hash, 'ext', ${f}.ext,
    'mime', ${f}.mime, 'size', ${f}.size, 'url', ${f}.url, 'previewUrl', ${f}.preview_url,
    'provider', ${f}.provider, 'provider_metadata', ${f}.provider_metadata,
    'createdAt', ${isoUtc(`${f}.created_at`)}, 'updatedAt', ${isoUtc(`${f}.updated_at`)})`
}

/** Author scalars; the password never appears. */
export function authorAttributes (au: string, extra = ''): string {
  return `json_build_object('name', ${au}.name, 'email', ${au}.email, 'bio', ${au}.bio,
    'createdAt', ${isoUtc(`${au}.created_at`)}, 'updatedAt', ${isoUtc(`${au}.updated_at`)}${extra})`
}

export function categoryAttributes (c: string, extra = ''): string {
  return `json_build_object('name', ${c}.name, 'slug', ${c}.slug, 'description', ${c}.description,
    'position', ${c}.position, 'createdAt', ${isoUtc(`${c}.created_at`)}, 'updatedAt', ${isoUtc(`${c}.updated_at`)}${extra})`
}

export function tagAttributes (t: string): string {
  return `json_build_object('name', ${t}.name, 'createdAt', ${isoUtc(`${t}.created_at`)}, 'updatedAt', ${isoUtc(`${t}.updated_at`)})`
}

export function issueAttributes (i: string): string {
  return `json_build_object('number', ${i}.number, 'title', ${i}.title, 'releaseDate', ${isoDate(`${i}.release_date`)},
    'createdAt', ${isoUtc(`${i}.created_at`)}, 'updatedAt', ${isoUtc(`${i}.updated_at`)}, 'publishedAt', ${isoUtc(`${i}.published_at`)})`
}

/** `{ data: <entry or null> }` of a to-one link (`select <entry> from … where …`). */
export function toOne (selectEntry: string): string {
  return `json_build_object('data', (${selectEntry}))`
}

/** `{ data: [...] }` of a to-many link: `json_agg(<entry> order by …)` over `from … where …`. */
export function toMany (entryJson: string, fromWhere: string, orderBy: string): string {
  return `json_build_object('data', coalesce((select json_agg(${entryJson} order by ${orderBy}) ${fromWhere}), '[]'::json))`
}

/** A single media attribute through its link table `table` (owner → files). */
export function singleFile (table: string, owner: string): string {
  return toOne(`select ${entry('f', fileAttributes('f'))} from ${table} l join files f on f.id = l.target_id where l.owner_id = ${owner}`)
}

/** The `{ data, meta }` envelope of a page: `pageJson` is the entries' array, `countSql` selects `total`. */
export function listEnvelope (options: { page: number, pageSize: number, pageJson: string, countSql: string }): string {
  const { page, pageSize, pageJson, countSql } = options
  return `select json_build_object(
    'data', ${pageJson},
    'meta', json_build_object('pagination', json_build_object(
      'page', ${page}, 'pageSize', ${pageSize}, 'pageCount', (c.total + ${pageSize - 1}) / ${pageSize}, 'total', c.total))
  )::text as body from (${countSql}) c`
}
