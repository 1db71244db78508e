// Runs after `npm install`. On a Node older than 22.17 npm has just printed EBADENGINE
// warnings (this package, MikroORM 7, kysely, cookie, content-disposition): say why they
// are expected here and what to run, so a newcomer on Node 20 is not left guessing.
// npm puts node_modules/.bin first on PATH, so this script may itself run on the Node 22
// just installed: the Node that runs npm is the one its user agent names.
const npmNode = /node\/v(\d+)\.(\d+)\.(\d+)/.exec(process.env.npm_config_user_agent ?? '')
const version = npmNode === null ? process.versions.node : `${npmNode[1]}.${npmNode[2]}.${npmNode[3]}`
const [major, minor] = version.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 17)) {
  process.stdout.write([
    '',
    `fastify-content-api: the EBADENGINE warnings above are expected on Node ${version}.`,
    'It needs Node >= 22.17. In this repository npm install has brought Node 22 as a devDependency',
    'and every npm script (npm start, npm test, npm run bench) runs on it, so nothing else is needed.',
    'Used as a dependency of your app, run your app on Node 22.17 or newer.',
    ''
  ].join('\n') + '\n')
}
