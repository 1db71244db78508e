/** One scalar value → its column value or the problem with it. */
import t from 'tap'
import type { ScalarAttribute } from '../../../plugin/content-types/model.js'
import type { ScalarType } from '../../../plugin/content-types/definition.js'
import { checkScalarValue } from '../../../plugin/content-types/attributes.js'

const attribute = (type: ScalarType, rules: Partial<ScalarAttribute> = {}): ScalarAttribute =>
  ({ kind: 'scalar', name: 'a', type, required: false, private: false, system: false, unique: false, writable: true, ...rules })

t.test('accepted values and what is stored', async t => {
  const cases: Array<[ScalarAttribute, unknown, unknown]> = [
    [attribute('integer'), '-12', -12],
    [attribute('integer'), 2147483647, 2147483647],
    [attribute('biginteger'), '9007199254740993', '9007199254740993'],
    [attribute('biginteger'), 9007199254740991, '9007199254740991'],
    [attribute('decimal'), '1234567.891234', '1234567.891234'],
    [attribute('decimal'), '1.50', '1.5'],
    [attribute('decimal'), 1e-7, '0.0000001'],
    [attribute('float'), '2.5e3', 2500],
    [attribute('float'), -0, 0],
    [attribute('boolean'), 'TRUE', true],
    [attribute('boolean'), 0, false],
    [attribute('date'), '2000-02-29', '2000-02-29'],
    [attribute('time'), '07:05', '07:05:00.000'],
    [attribute('time'), '07:05:03.5', '07:05:03.500'],
    [attribute('datetime'), '2024-01-01T10:00:00+02:00', new Date('2024-01-01T08:00:00Z')],
    [attribute('timestamp'), '2024-01-01', new Date('2024-01-01T00:00:00Z')],
    [attribute('json'), { a: [1, null] }, { a: [1, null] }],
    [attribute('json'), 'text', 'text'],
    [attribute('array'), [], []],
    [attribute('string'), '', ''],
    [attribute('string', { regex: '^a' }), '', ''],
    [attribute('uid'), 'a-b_c.d~e', 'a-b_c.d~e'],
    [attribute('email'), 'x@y.io', 'x@y.io'],
    [attribute('enumeration', { enum: ['on', 'off'] }), 'off', 'off'],
    [attribute('integer', { min: 1, max: 3 }), 3, 3],
    [attribute('biginteger', { max: '9223372036854775807' }), '9223372036854775807', '9223372036854775807'],
    [attribute('string'), null, null]
  ]
  for (const [declared, raw, value] of cases) {
    t.same(checkScalarValue(declared, raw), { ok: true, value }, `${declared.type} ${JSON.stringify(raw)}`)
  }
})

t.test('refused values and the problem', async t => {
  const cases: Array<[ScalarAttribute, unknown, string]> = [
    [attribute('integer'), 2147483648, 'is out of range for an integer'],
    [attribute('integer'), true, 'must be an integer'],
    [attribute('biginteger'), 2 ** 60, 'must be sent as a string when it is not a safe integer (beyond 2^53)'],
    [attribute('biginteger', { min: '10' }), '9', 'must be greater than or equal to 10'],
    [attribute('biginteger', { max: '9007199254740992' }), '9007199254740993', 'must be less than or equal to 9007199254740992'],
    [attribute('float'), {}, 'must be a single value'],
    [attribute('date'), '2023-02-29', 'must be a date (YYYY-MM-DD)'],
    [attribute('time'), '7:05', 'must be a time (HH:mm[:ss[.SSS]])'],
    [attribute('datetime'), '2024-13-01T00:00:00Z', 'must be an ISO 8601 date-time'],
    [attribute('array'), {}, 'must be an array'],
    [attribute('json'), JSON.parse('['.repeat(300) + ']'.repeat(300)), 'must not nest deeper than 200 levels'],
    [attribute('string'), 1, 'must be a string'],
    [attribute('string', { regex: '^a', required: true }), '', 'must match the following: "^a"'],
    [attribute('string', { maxLength: 3 }), 'abcd', 'must be at most 3 characters'],
    [attribute('text'), 'x'.repeat(300), 'ok'],
    [attribute('uid'), 'a/b', 'must match the pattern ^[A-Za-z0-9-_.~]*$'],
    [attribute('email'), 'x@y', 'must be a valid email'],
    [attribute('enumeration', { enum: ['on', 'off'] }), 'ON', 'must be one of the following values: on, off']
  ]
  for (const [declared, raw, problem] of cases) {
    const checked = checkScalarValue(declared, raw)
    if (problem === 'ok') t.ok(checked.ok, `${declared.type} has no limit of its own`)
    else t.same(checked, { ok: false, problem }, `${declared.type} ${JSON.stringify(raw).slice(0, 40)}`)
  }
})
