/**
 * How documentIds (content-types/documents.ts) are stored and made: a `document_id` column on
 * every table of a model that has them, whose default is a function the schema set-up
 * creates. PostgreSQL makes the id in the INSERT that writes the row, so no write sends a
 * statement more, no id travels through Node, and every path that inserts a row (the write
 * compiler, uploads, registrations, the importer) gets one without knowing of it.
 */
import type { ContentTypeModel } from '../../content-types/model.js'
import { DOCUMENT_ID } from '../../content-types/documents.js'
import { snakeCase, tableIdentifier } from '../../content-types/names.js'
import { raw, type Sql } from '../../sql/index.js'
import type { TableNames } from './sql-names.js'

/** The function of the column default; `fca_` like the plugin's other own objects. */
export const DOCUMENT_ID_FUNCTION = 'fca_document_id'

/**
 * The function's body, in the shape of Strapi v5's ids (cuid2: a letter, then 23 letters or
 * digits). Built-in functions only, so it runs on any PostgreSQL from 13 and on PGlite, with
 * no extension (pgcrypto's `gen_random_bytes` would need one): the 122 random bits of
 * `gen_random_uuid()` (a strong random source), spread by `sha512` over 64 bytes, two bytes
 * per character, so the modulo leaves no visible bias. 122 bits is about what cuid2's 24
 * characters hold: collisions are out of reach however many rows a site has.
 */
export const DOCUMENT_ID_FUNCTION_BODY = `
declare
  h bytea := sha512(uuid_send(gen_random_uuid()));
  made text := chr(97 + (get_byte(h, 0) * 256 + get_byte(h, 1)) % 26);
begin
  for i in 1..23 loop
    made := made || substr('abcdefghijklmnopqrstuvwxyz0123456789', (get_byte(h, 2 * i) * 256 + get_byte(h, 2 * i + 1)) % 36 + 1, 1);
  end loop;
  return made;
end
`

/** `create or replace` of the function: the schema set-up runs it when the database has no such function, or another body. */
export function documentIdFunctionDefinition (): Sql {
  return raw(`create or replace function ${DOCUMENT_ID_FUNCTION}() returns text language plpgsql volatile as $fca$${DOCUMENT_ID_FUNCTION_BODY}$fca$`)
}

const COLUMN = snakeCase(DOCUMENT_ID)

/**
 * The column of `table`, as MikroORM creates it and compares it on later starts. Not unique:
 * a coming draft of a published document will be a second row of the same document and
 * locale. Indexed, as documents will be looked up by it; the index is named here, so the
 * start-up migration can build the one MikroORM expects.
 */
export function documentIdProperty (table: string): Record<string, unknown> {
  return {
    type: 'string',
    columnType: 'varchar(255)',
    fieldName: COLUMN,
    nullable: false,
    defaultRaw: `${DOCUMENT_ID_FUNCTION}()`,
    index: documentIdIndex(table)
  }
}

/** MikroORM's own pattern, kept within PostgreSQL's 63 characters however long the table name. */
export function documentIdIndex (table: string): string {
  return tableIdentifier(`${table}_${COLUMN}_index`)
}

/**
 * ONE statement giving every member of each localization group of `model` the documentId of
 * the group's lowest id. A group is every entry joined through `localizations`, followed
 * link by link: members link to each other both ways when this plugin writes them, but an
 * imported site may have left a link out. Rows that already hold it are not written, so
 * running it again changes nothing.
 */
export function shareDocumentIds (names: TableNames, model: ContentTypeModel): Sql {
  const localizations = model.attributes.get('localizations')
  if (localizations?.kind !== 'relation') throw new Error(`${model.uid} is not localized`)
  const { link } = localizations
  const links = names.table(link.entity)
  const self = names.column(link.entity, link.self)
  const other = names.column(link.entity, link.other)
  const table = names.table(model.entity)
  const id = names.column(model.entity, 'id')
  const documentId = names.column(model.entity, DOCUMENT_ID)
  return raw(`with recursive pairs (a, b) as (select l.${self}, l.${other} from ${links} l union select l.${other}, l.${self} from ${links} l), ` +
    'reach (id, member) as (select a, b from pairs union select r.id, p.b from reach r join pairs p on p.a = r.member), ' +
    'roots (id, root) as (select id, least(id, min(member)) from reach group by id) ' +
    `update ${table} t set ${documentId} = s.${documentId} from roots g join ${table} s on s.${id} = g.root ` +
    `where t.${id} = g.id and t.${documentId} is distinct from s.${documentId}`)
}
