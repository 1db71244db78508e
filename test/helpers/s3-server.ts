/**
 * A real S3-protocol server for the media tests: s3rver in this process, listening on a
 * free loopback port, keeping its objects in a folder of the test. It checks request
 * signatures against its one key pair, as S3 does.
 */
import S3rver from '@20minutes/s3rver'
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const

export interface S3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string
  /** A client of its own, to look into the buckets. */
  client: S3Client
  keys: (bucket: string) => Promise<string[]>
  get: (bucket: string, key: string) => Promise<{ bytes: Buffer, contentType: string | undefined }>
  head: (bucket: string, key: string) => Promise<{ contentType: string | undefined, contentDisposition: string | undefined } | null>
  /** Stops listening; idempotent. */
  stop: () => Promise<void>
}

export async function startS3Server (options: { directory: string, buckets: string[] }): Promise<S3Server> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: options.directory,
    silent: true,
    configureBuckets: options.buckets.map(name => ({ name }))
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED'
  })
  let running = true
  return {
    endpoint,
    client,
    async keys (bucket) {
      // s3rver mis-checks the SDK's signature of bucket listings, so this one is an anonymous request.
      const listing = await fetch(`${endpoint}/${bucket}?list-type=2`)
      if (listing.status !== 200) throw new Error(`listing ${bucket} answered ${listing.status}`)
      return [...(await listing.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map(match => match[1]!).sort()
    },
    async get (bucket, key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType }
    },
    async head (bucket, key) {
      try {
        const object = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
        return { contentType: object.ContentType, contentDisposition: object.ContentDisposition }
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound') return null
        throw error
      }
    },
    async stop () {
      if (!running) return
      running = false
      client.destroy()
      await server.close()
    }
  }
}
