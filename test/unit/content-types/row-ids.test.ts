import t from 'tap'
import { INT4_MAX, INT4_MIN, isRowId, MAX_POSITION, MAX_ROW_ID, parseRowId } from '../../../plugin/content-types/row-ids.js'

t.test('the int4 range is PostgreSQL\'s, and ids and positions live inside it', async t => {
  t.equal(INT4_MIN, -(2 ** 31))
  t.equal(INT4_MAX, 2 ** 31 - 1)
  t.equal(MAX_ROW_ID, INT4_MAX)
  t.equal(MAX_POSITION, INT4_MAX)
})

t.test('isRowId: integers from 1 to the largest int4', async t => {
  for (const id of [1, 42, MAX_ROW_ID]) t.ok(isRowId(id), `${id} can name a row`)
  for (const id of [0, -1, 1.5, MAX_ROW_ID + 1, Number.NaN, Number.POSITIVE_INFINITY]) t.notOk(isRowId(id), `${id} names no row`)
})

t.test('parseRowId: a number or a digit string that can name a row, else null', async t => {
  t.equal(parseRowId(7), 7)
  t.equal(parseRowId('7'), 7)
  t.equal(parseRowId('007'), 7)
  t.equal(parseRowId('2147483647'), MAX_ROW_ID)
  for (const raw of ['2147483648', '99999999999', '0', '-1', '1.0', ' 1', '', 'abc', 0, 2 ** 31, 1.5, null, undefined, true, { id: 1 }, [1]]) {
    t.equal(parseRowId(raw), null, `${JSON.stringify(raw)} is no row id`)
  }
})
