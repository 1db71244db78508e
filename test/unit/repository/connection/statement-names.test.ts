/** Prepared statement names: one per distinct text, found again for an equal text built afresh, capped. */
import t from 'tap'
import { statementNames } from '../../../../plugin/repository/connection/statement-names.js'

t.test('an equal text built afresh finds the first one, its name and its very string', async t => {
  const nameOf = statementNames()
  const first = ['select ', '$1', ' from t'].join('')
  let again = ''
  for (const piece of ['select ', '$1', ' from t']) again += piece
  const known = nameOf(first)
  const found = nameOf(again)
  t.ok(known?.name.startsWith('fca_'))
  t.equal(found?.name, known?.name)
  t.equal(found?.text, first, 'the text handed to pg is the one first seen')
})

t.test('texts of the same length are told apart', async t => {
  const nameOf = statementNames()
  const a = nameOf('select $1 from a')
  const b = nameOf('select $1 from b')
  t.not(a?.name, b?.name)
  t.equal(nameOf('select $1 from a')?.name, a?.name)
  t.equal(nameOf('select $1 from b')?.name, b?.name)
})

t.test('past 256 distinct texts a new one gets no name, and the known ones keep theirs', async t => {
  const nameOf = statementNames()
  const names = Array.from({ length: 256 }, (_, index) => nameOf(`select ${index}`)?.name)
  t.equal(new Set(names).size, 256)
  t.equal(nameOf('select 256'), undefined)
  t.equal(nameOf('select 17')?.name, names[17])
})
