/**
 * How a MySQL or SQLite column is typed when copied into PostgreSQL, and how its text is
 * read: Strapi's own description first, the engine's catalog otherwise; SQLite's epoch
 * milliseconds as the UTC time they count.
 */
import t from 'tap'
import { stagingText, stagingType } from '../../../plugin/import/source-mirror.js'

t.test('Strapi\'s description types a column; the catalog only what it does not describe', async t => {
  t.equal(stagingType({ name: 'verified', type: 'boolean' }, 'tinyint'), 'boolean', 'MySQL\'s tinyint(1) holding a boolean')
  t.equal(stagingType({ name: 'settings', type: 'jsonb' }, 'longtext'), 'jsonb', 'MariaDB\'s JSON is a longtext')
  t.equal(stagingType({ name: 'score', type: 'decimal' }, 'float'), 'numeric', 'SQLite\'s decimal is declared float')
  t.equal(stagingType({ name: 'created_at', type: 'datetime' }, 'integer'), 'timestamp(6) without time zone')
  t.equal(stagingType({ name: 'id', type: 'increments' }, 'int'), 'bigint', 'MySQL\'s ids are unsigned: widened')
  t.equal(stagingType(undefined, 'longtext'), 'text')
  t.equal(stagingType(undefined, 'json'), 'jsonb')
  t.equal(stagingType(undefined, 'datetime(6)'), 'timestamp(6) without time zone')
  t.equal(stagingType(undefined, 'bigint unsigned'), 'bigint')
  t.equal(stagingType(undefined, 'double'), 'double precision')
  t.equal(stagingType({ name: 'x', type: 'specificType' }, 'varchar(255)'), 'text', 'an unknown Strapi type falls back to the catalog')
})

t.test('the engine\'s text as PostgreSQL reads it', async t => {
  const timestamp = 'timestamp(6) without time zone'
  t.equal(stagingText(timestamp, '1795910663540'), '2026-11-29T00:04:23.540Z', 'SQLite: epoch milliseconds')
  t.equal(stagingText(timestamp, '-3695109903211'), '1852-11-27T12:34:56.789Z', 'before 1970 too')
  t.equal(stagingText(timestamp, '2026-11-28 23:49:00.123000'), '2026-11-28 23:49:00.123000', 'MySQL\'s text is PostgreSQL\'s')
  t.equal(stagingText('date', '1815-12-10'), '1815-12-10')
  t.equal(stagingText('bigint', '9007199254740993'), '9007199254740993', 'digits stay digits')
  t.equal(stagingText(timestamp, null), null)
})
