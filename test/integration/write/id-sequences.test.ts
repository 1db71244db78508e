/**
 * A write draws the ids of its new rows, and a moved link's new id, from the table's own
 * sequence, named in the statement as a constant read from the catalog at startup (not looked
 * up by the table's name on every call). The sequence of a table with a long name is one
 * PostgreSQL named by cutting it short, so only the catalog knows it.
 */
import t from 'tap'
import type { InlineSchemas } from '../../../plugin/content-types/registry.js'
import { createEntry, updateEntry } from './fixtures/writes.js'
import { openTestDatabase } from './fixtures/database.js'

const LONG = 'ledger_entries_named_long_enough_that_the_id_sequence_is_cut'

const schemas: InlineSchemas = {
  contentTypes: {
    'api::ledger.ledger': {
      collectionName: LONG,
      info: { singularName: 'ledger', pluralName: 'ledgers' },
      attributes: { name: { type: 'string' } }
    },
    'api::note.note': {
      collectionName: 'notes',
      info: { singularName: 'note', pluralName: 'notes' },
      attributes: { text: { type: 'string' }, ledger: { type: 'relation', relation: 'manyToOne', target: 'api::ledger.ledger' } }
    }
  }
}

t.test('ids come from the sequence the catalog names, written as a constant', async t => {
  const { db, registry, contentType, statements, rows } = await openTestDatabase(t, schemas)
  const sequenceOf = async (table: string): Promise<string> =>
    String((await rows('select pg_get_serial_sequence($1, $2) as s', [`"${table}"`, 'id']))[0]!.s)
  const lastValue = async (sequence: string): Promise<number> =>
    Number((await rows(`select last_value from ${sequence}`))[0]!.last_value)
  const ledgerSequence = await sequenceOf(LONG)
  t.not(ledgerSequence, `public.${LONG}_id_seq`, 'PostgreSQL cut the sequence name short')

  statements.length = 0
  const ledgers = [
    await createEntry(db, registry, contentType('ledger'), { data: { name: 'first' } }),
    await createEntry(db, registry, contentType('ledger'), { data: { name: 'second' } })
  ]
  const created = [...statements]
  t.equal(ledgers[1], ledgers[0]! + 1, 'consecutive ids')
  t.equal(await lastValue(ledgerSequence), ledgers[1], 'drawn from the table\'s sequence')
  t.ok(created.some(sql => sql.includes(`nextval('${ledgerSequence}'::regclass)`)), 'the sequence is named as a constant')
  t.notOk(created.some(sql => sql.includes('pg_get_serial_sequence')), 'no lookup by the table\'s name')

  const note = await createEntry(db, registry, contentType('note'), { data: { text: 'n', ledger: ledgers[0] } })
  const [before] = await rows('select id, target_id from notes_ledger_lnk where owner_id = $1', [note])
  statements.length = 0
  await updateEntry(db, registry, contentType('note'), note, { data: { ledger: ledgers[1] } })
  const sent = [...statements]
  const [after] = await rows('select id, target_id from notes_ledger_lnk where owner_id = $1', [note])
  t.equal(after!.target_id, ledgers[1], 'the link moved')
  t.not(after!.id, before!.id, 'a moved link gets a new id…')
  t.equal(await lastValue(await sequenceOf('notes_ledger_lnk')), after!.id, '…drawn from the link table\'s sequence')
  t.ok(sent.some(sql => sql.includes('::regclass)')) && !sent.some(sql => sql.includes('pg_get_serial_sequence')), 'the update names it as a constant too')
})
