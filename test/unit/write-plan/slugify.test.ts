/** Slugs of generated uids. */
import t from 'tap'
import { slugify } from '../../../plugin/write-plan/input-uid.js'

t.test('lower-case ASCII words joined by dashes', async t => {
  t.equal(slugify('Hello, World!'), 'hello-world')
  t.equal(slugify('  Ünïcødé — Crème Brûlée  '), 'unicode-creme-brulee')
  t.equal(slugify('Straße Øresund Œuvre Łódź'), 'strasse-oresund-oeuvre-lodz')
  t.equal(slugify('日本語'), '')
  t.equal(slugify('a'.repeat(300)).length, 240)
  t.equal(slugify('abc def', 4), 'abc', 'cut to the limit without a trailing dash')
})
