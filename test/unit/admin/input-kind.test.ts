/**
 * Schema → input (admin-panel/src/fields/input-kind.ts): which input the edit form gives each
 * attribute type of a Strapi schema, as the panel's AttributeInput draws it.
 */
import t from 'tap'
import { inputKind } from '../../../admin-panel/src/fields/input-kind.js'

t.test('each attribute type gets its input', async t => {
  const expected: Array<[string, string]> = [
    ['string', 'text'], ['text', 'multiline'], ['email', 'email'], ['password', 'password'],
    ['richtext', 'markdown'], ['blocks', 'blocks'], ['enumeration', 'select'], ['uid', 'uid'],
    ['integer', 'integer'], ['biginteger', 'biginteger'], ['float', 'decimal'], ['decimal', 'decimal'],
    ['date', 'date'], ['time', 'time'], ['datetime', 'datetime'], ['timestamp', 'datetime'],
    ['boolean', 'boolean'], ['json', 'json'], ['relation', 'relation'], ['dynamiczone', 'dynamiczone']
  ]
  for (const [type, kind] of expected) t.equal(inputKind({ type }), kind, `${type} → ${kind}`)
})

t.test('media and components: one or a list', async t => {
  t.equal(inputKind({ type: 'media' }), 'media')
  t.equal(inputKind({ type: 'media', multiple: false }), 'media')
  t.equal(inputKind({ type: 'media', multiple: true }), 'media-list')
  t.equal(inputKind({ type: 'component' }), 'component')
  t.equal(inputKind({ type: 'component', repeatable: true }), 'repeatable-component')
})

t.test('a type the panel does not know (a custom field\'s) is a plain text input', async t => {
  t.equal(inputKind({ type: 'plugin::color-picker.color' }), 'text')
  t.equal(inputKind({ type: 'toString' }), 'text', 'not a key of Object.prototype')
})
