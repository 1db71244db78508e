import t from 'tap'
import { coerceScalar } from '../../../plugin/content-types/attributes.js'
import { parseBoolean, type Coercion } from '../../../plugin/content-types/coerce.js'
import type { ScalarType } from '../../../plugin/content-types/definition.js'

const value = (type: ScalarType, raw: unknown): unknown => {
  const result: Coercion = coerceScalar(type, raw)
  return result.ok ? result.value : `rejected: ${result.problem}`
}
const rejected = (type: ScalarType, raw: unknown): boolean => !coerceScalar(type, raw).ok

t.test('integer: whole numbers in int32 range', async t => {
  t.equal(value('integer', '42'), 42)
  t.equal(value('integer', '-7'), -7)
  t.equal(value('integer', '+3'), 3)
  t.equal(value('integer', '-0'), 0)
  t.equal(value('integer', '2147483647'), 2147483647)
  t.equal(value('integer', 5), 5)
  for (const raw of ['', ' 1', '1.5', '1e3', '0x10', 'abc', 'NaN', 'Infinity', '2147483648', '-2147483649', '1.0']) {
    t.ok(rejected('integer', raw), `rejects ${JSON.stringify(raw)}`)
  }
})

t.test('float: finite numbers', async t => {
  t.equal(value('float', '1.5'), 1.5)
  t.equal(value('float', '-.5'), -0.5)
  t.equal(value('float', '1e3'), 1000)
  t.equal(value('float', '3.'), 3)
  for (const raw of ['', '.', 'abc', '1e999', 'NaN', '0x1', '1,5', ' 1']) t.ok(rejected('float', raw), `rejects ${JSON.stringify(raw)}`)
})

t.test('biginteger and decimal: exact canonical strings', async t => {
  t.equal(value('biginteger', '9007199254740993'), '9007199254740993')
  t.equal(value('biginteger', '-0042'), '-42')
  t.equal(value('biginteger', '9223372036854775807'), '9223372036854775807')
  t.ok(rejected('biginteger', '9223372036854775808'))
  t.ok(rejected('biginteger', '1.5'))
  t.ok(rejected('biginteger', ''))
  t.equal(value('decimal', '12.50'), '12.5')
  t.equal(value('decimal', '0012.000'), '12')
  t.equal(value('decimal', '-0.0'), '0')
  t.equal(value('decimal', '+.25'), '0.25')
  t.equal(value('decimal', '1.5e2'), '150')
  t.equal(value('decimal', '15e-3'), '0.015')
  t.equal(value('decimal', '123456789012345678901234567890.123456789'), '123456789012345678901234567890.123456789')
  for (const raw of ['', '.', '-', 'e5', '1e', '1.2.3', 'abc', '1e1001', '0x10']) t.ok(rejected('decimal', raw), `rejects ${JSON.stringify(raw)}`)
})

t.test('boolean', async t => {
  for (const raw of ['true', 'TRUE', 't', '1']) t.equal(value('boolean', raw), true)
  for (const raw of ['false', 'f', '0', 'False']) t.equal(value('boolean', raw), false)
  for (const raw of ['', 'yes', '2']) t.ok(rejected('boolean', raw), `rejects ${raw}`)
  t.equal(parseBoolean(true), true)
  t.equal(parseBoolean(0), false)
  t.equal(parseBoolean({}), undefined)
})

t.test('date: a real calendar day', async t => {
  t.equal(value('date', '2024-02-29'), '2024-02-29')
  t.equal(value('date', '0099-12-31'), '0099-12-31')
  for (const raw of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '2024-1-1', '0000-01-01', '2024-01-01T00:00:00Z', '']) {
    t.ok(rejected('date', raw), `rejects ${raw}`)
  }
})

t.test('time: HH:mm[:ss[.SSS]] as HH:mm:ss.SSS', async t => {
  t.equal(value('time', '09:30'), '09:30:00.000')
  t.equal(value('time', '23:59:59'), '23:59:59.000')
  t.equal(value('time', '12:00:00.5'), '12:00:00.500')
  for (const raw of ['24:00', '12:60', '12:00:60', '9:30', '12:00:00.1234', '12']) t.ok(rejected('time', raw), `rejects ${raw}`)
})

t.test('datetime and timestamp: ISO 8601, UTC without a zone', async t => {
  t.equal(value('datetime', '2024-05-01T10:20:30.123Z'), '2024-05-01T10:20:30.123Z')
  t.equal(value('datetime', '2024-05-01'), '2024-05-01T00:00:00.000Z')
  t.equal(value('datetime', '2024-05-01T10:20'), '2024-05-01T10:20:00.000Z')
  t.equal(value('timestamp', '2024-05-01 10:20:30+02:00'), '2024-05-01T08:20:30.000Z')
  t.equal(value('datetime', '2024-05-01T10:20:30.123456-0130'), '2024-05-01T11:50:30.123Z')
  for (const raw of ['1', 'March 7 2024', '2024-02-30T00:00:00Z', '2024-05-01T25:00', '2024-05-01Z', '2024-05-01T10:20+24:00', '']) {
    t.ok(rejected('datetime', raw), `rejects ${raw}`)
  }
})

t.test('text types as they are; json and array are not comparable; lists are not a value', async t => {
  t.equal(value('string', ''), '')
  t.equal(value('uid', 'a-b'), 'a-b')
  t.equal(value('richtext', ' x '), ' x ')
  t.equal(value('string', 12), '12')
  t.ok(rejected('json', '{}'))
  t.ok(rejected('array', '[]'))
  t.ok(rejected('string', ['a']))
  t.ok(rejected('string', { a: 1 }))
  t.ok(rejected('integer', undefined))
})
