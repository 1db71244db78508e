/**
 * The fixture's site is recorded three times (regenerate.mjs --client postgres|mysql|sqlite)
 * with the same content: the same ids and answers, except where Strapi itself answers
 * differently by database. Those exceptions are listed here, so a new recording that
 * differs in anything else is noticed before the import tests compare with it.
 */
import t from 'tap'
import { strapiAnswers } from '../../helpers/strapi-fixture.js'
import type { StrapiEngine } from '../../helpers/strapi-fixture.js'
import { recordingDifferences } from '../../fixtures/strapi-import/same-site.mjs'
import type { RecordingDifference } from '../../fixtures/strapi-import/same-site.mjs'

interface Known { why: string, is: (difference: RecordingDifference) => boolean }

const last = (difference: RecordingDifference): string => difference.path.slice(difference.path.lastIndexOf('.') + 1)

/** A time of day in seconds, or null when the value is not one. */
const seconds = (time: unknown): number | null => typeof time === 'string' && /^\d\d:\d\d:\d\d(\.\d+)?$/.test(time)
  ? Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60 + Number(time.slice(6))
  : null

// time(3) on MariaDB and text on SQLite keep the milliseconds Strapi writes; PostgreSQL's time answers without trailing zeros.
const TIME: Known = {
  why: 'a time answers with its three decimals',
  is: difference => last(difference) === 'wakeUp' && /\.\d{3}$/.test(String(difference.actual)) &&
    seconds(difference.expected) !== null && seconds(difference.expected) === seconds(difference.actual)
}

const KNOWN: Record<Exclude<StrapiEngine, 'postgres'>, Known[]> = {
  mysql: [TIME],
  sqlite: [
    TIME,
    // SQLite's decimal column has no scale: 12.345 stays 12.345 where numeric(10,2) rounds to 12.35.
    { why: 'a decimal keeps the places it was sent with', is: difference => last(difference) === 'score' && difference.expected === 12.35 && difference.actual === 12.345 },
    // Strapi reads SQLite integers as JavaScript numbers: the stored 9007199254740993 answers 2^53.
    { why: 'a biginteger above 2^53 answers rounded', is: difference => last(difference) === 'followers' && difference.expected === '9007199254740993' && difference.actual === '9007199254740992' }
  ]
}

for (const engine of ['mysql', 'sqlite'] as const) {
  t.test(`the ${engine} recording answers as the PostgreSQL one, Strapi's own ${engine} differences aside`, async t => {
    const found = recordingDifferences(strapiAnswers('postgres'), strapiAnswers(engine))
    t.same(found.filter(difference => !KNOWN[engine].some(known => known.is(difference))), [], 'nothing else differs: the same ids, order and content')
    for (const known of KNOWN[engine]) t.ok(found.some(known.is), `met: ${known.why}`)
  })
}
