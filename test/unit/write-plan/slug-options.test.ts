/** A uid's `options` (Strapi's `separator`, `lowercase`) shape the slug generated from its target field. */
import t from 'tap'
import { slugify } from '../../../plugin/write-plan/input-uid.js'

t.test('separator and lowercase', async t => {
  t.equal(slugify('Tasting Night at Øresund', 240, { separator: '_' }), 'tasting_night_at_oresund')
  t.equal(slugify('Tasting Night at Øresund', 240, { lowercase: false }), 'Tasting-Night-at-Oresund')
  t.equal(slugify('Crème Brûlée', 240, { separator: '.', lowercase: false }), 'Creme.Brulee')
  t.equal(slugify('one two', 240, { separator: '' }), 'onetwo')
  t.equal(slugify('abc def', 5, { separator: '__' }), 'abc', 'no piece of a separator is left at the cut')
  t.equal(slugify('  — Hello —  ', 240, { separator: '~' }), 'hello')
})
