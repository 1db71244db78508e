/**
 * tap's `after` script (package.json): once every test file of a run has ended, it drops the
 * databases the run left on the DATABASE_URL server (and on the MySQL one of the Strapi
 * import tests): its schema templates, and the copy of any test file that died before its
 * teardown, named here because a test that ends normally drops its own. tap runs it as a child of the runner, as it runs the test files, so the runner's
 * process names the run.
 */
import { dropRunDatabases, runName } from './databases.js'
import { dropRunMysqlDatabases } from './mysql.js'

const left = [...await dropRunDatabases(runName(process.ppid)), ...await dropRunMysqlDatabases(runName(process.ppid))].filter(name => !/_tpl_/.test(name))
if (left.length > 0) process.stderr.write(`dropped ${left.length} test database(s) a test file left behind: ${left.join(', ')}\n`)
