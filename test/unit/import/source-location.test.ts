/**
 * `--from` in each of its forms, and the words of a bad one: which forms work, never the
 * password, never a stack.
 */
import t from 'tap'
import { failureReason, sourceLocation } from '../../../plugin/import/source-location.js'

t.test('the forms --from takes', async t => {
  t.match(sourceLocation('postgres://u:secret@db:5432/strapi'), { engine: 'postgres', url: 'postgres://u:secret@db:5432/strapi', shown: 'postgres://u:***@db:5432/strapi' })
  t.match(sourceLocation('postgresql://db/strapi'), { engine: 'postgres' })
  const mysql = sourceLocation('mysql://strapi:p%40ss@127.0.0.1:3306/site')
  t.match(mysql, { engine: 'mysql', shown: 'mysql://strapi:***@127.0.0.1:3306/site' })
  t.equal(mysql.engine === 'mysql' && decodeURIComponent(mysql.url.password), 'p@ss', 'an escaped password is the driver\'s to decode')
  t.match(sourceLocation('mariadb://root@db/site'), { engine: 'mysql' }, 'MariaDB by its own name')
  t.same(sourceLocation('sqlite:.tmp/data.db'), { engine: 'sqlite', path: '.tmp/data.db', shown: 'sqlite:.tmp/data.db' })
  t.match(sourceLocation('sqlite:/srv/strapi/.tmp/data.db'), { path: '/srv/strapi/.tmp/data.db' })
  t.match(sourceLocation('sqlite:///srv/strapi/.tmp/data.db'), { path: '/srv/strapi/.tmp/data.db' }, 'the URL way of writing an absolute path')
})

t.test('a --from of no known form says which forms work, without the password', async t => {
  const refused = (from: string): string => {
    try {
      sourceLocation(from)
    } catch (error) {
      t.equal((error as Error).name, 'StrapiSourceError')
      t.notMatch((error as Error).message, /secret/)
      return (error as Error).message
    }
    throw new Error(`${from} was accepted`)
  }
  t.match(refused('mongodb://u:secret@db/site'), /^--from: "mongodb:" is not a Strapi database this importer reads \(expected postgres:\/\/.*mysql:\/\/.*sqlite:path\/to\/data\.db\)$/)
  t.match(refused('data.db'), /no scheme is not a Strapi database/)
  t.match(refused('u:secret@db/site'), /"u:" is not a Strapi database/, 'what follows a scheme is never echoed')
  t.match(refused('mysql://u:secret@db:3306/'), /^--from: mysql:\/\/u:\*\*\*@db:3306\/ names no database/)
  t.match(refused('mysql://u:secret@:3306/site'), /not a URL|names no host/)
  t.match(refused('sqlite:'), /sqlite: needs the database file/)
})

t.test('why a connection failed, when Node gives an empty message', async t => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })
  t.equal(failureReason(new AggregateError([refused], '')), 'connect ECONNREFUSED 127.0.0.1:1')
  t.equal(failureReason(Object.assign(new Error(''), { code: 'ETIMEDOUT' })), 'ETIMEDOUT')
})
