/**
 * One API node of the cluster test, in a process of its own: the example model on the
 * primary given by DATABASE_URL with the replica REPLICA_URL, media in the S3 bucket
 * S3_BUCKET at S3_ENDPOINT. Prints `listening <port>`
 * once it answers; `GET /test/read-stats` tells where its reads went.
 */
import Fastify from 'fastify'
import contentApi, { contentApiServerOptions } from '../../plugin/index.js'
import { EXAMPLE_SCHEMAS } from './paths.js'

const env = (name: string): string => {
  const value = process.env[name]
  if (value === undefined || value === '') throw new Error(`${name} is not set`)
  return value
}

const app = Fastify({ ...contentApiServerOptions, logger: { level: 'error' }, pluginTimeout: 120_000 })
await app.register(contentApi, {
  schemas: EXAMPLE_SCHEMAS,
  docs: false,
  upload: {
    provider: 's3',
    endpoint: env('S3_ENDPOINT'),
    bucket: env('S3_BUCKET'),
    region: 'us-east-1',
    accessKeyId: env('S3_ACCESS_KEY_ID'),
    secretAccessKey: env('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: true,
    dir: env('UPLOAD_STAGING')
  },
  database: {
    url: env('DATABASE_URL'),
    replicas: [env('REPLICA_URL')],
    replicaMaxLag: Number(env('REPLICA_MAX_LAG')),
    replicaCheckInterval: 200,
    poolSize: 4,
    connectionTimeout: 2_000
  }
})
app.get('/test/read-stats', async () => app.contentApi.db.readStats())
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
process.stdout.write(`listening ${typeof address === 'object' && address !== null ? address.port : 0}\n`)
const stop = (): void => { void app.close().then(() => process.exit(0)) }
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
