/**
 * The s3 provider: files go to an S3-compatible bucket under their stored name
 * (`<hash><ext>`, as Strapi's upload-aws-s3 provider without `rootPath`), and their URL
 * is `baseUrl` + key, or the bucket's own URL. Rows record `provider: 'aws-s3'`, the name
 * Strapi v4 records for that provider, so data moved between the two reads the same.
 *
 * The bucket decides who may read: no ACL is sent (buckets created since 2023 refuse
 * ACLs), so public reads come from the bucket policy or the CDN behind `baseUrl`.
 * "Never overwrites" holds through the hash's random part, not a conditional write
 * (`If-None-Match`), which several S3-compatible servers still refuse outright.
 */
import { open, stat } from 'node:fs/promises'
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { S3StorageOptions } from '../options/s3.js'
import { SVG } from './mime.js'
import type { StorageProvider } from './storage.js'
import { StorageUnavailableError, storedName } from './storage.js'

/**
 * Bodies up to this size are sent from memory: the SDK retries those on a transient
 * failure (throttling, a 500), never a streamed one. Larger files are streamed.
 */
const RETRYABLE_BODY_LIMIT = 16 * 1024 * 1024

/** Where the SDK's own warnings go; its per-request info lines are dropped. */
export interface StorageLog {
  warn: (message: string) => void
  error: (message: string) => void
}

export function s3Provider (options: S3StorageOptions, log: StorageLog): StorageProvider {
  const client = new S3Client({
    logger: { debug () {}, info () {}, warn: (...parts: unknown[]) => { log.warn(parts.map(String).join(' ')) }, error: (...parts: unknown[]) => { log.error(parts.map(String).join(' ')) } },
    region: options.region,
    ...(options.endpoint === null ? {} : { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials === null ? {} : { credentials: options.credentials }),
    // The SDK's default (a CRC trailer on every upload) is refused or mis-stored by many
    // S3-compatible servers; checksums are sent where the API requires them, as before 2025.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A storage that does not answer must fail the request, not hold it (and its staged files) forever.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 }
  })
  const bucket = options.bucket
  return {
    name: 'aws-s3',
    async upload (file) {
      const key = storedName(file)
      const { size } = await stat(file.path)
      const handle = await open(file.path)
      try {
        await client.send(new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: size <= RETRYABLE_BODY_LIMIT ? await handle.readFile() : handle.createReadStream({ autoClose: false }),
          ContentLength: size,
          ContentType: file.mime,
          // An SVG opened from the bucket's origin could run its scripts; in <img> it still shows.
          ...(file.mime === SVG.mime ? { ContentDisposition: 'attachment' } : {})
        }))
      } catch (error) {
        throw new StorageUnavailableError(`could not store ${key} in bucket ${bucket}`, { cause: error })
      } finally {
        await handle.close()
      }
      return objectUrl(options, key)
    },
    urlOf (file) {
      return objectUrl(options, storedName(file))
    },
    async delete (file) {
      const key = storedName(file)
      try {
        // S3 answers success for a key that is already gone.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
      } catch (error) {
        throw new StorageUnavailableError(`could not delete ${key} from bucket ${bucket}`, { cause: error })
      }
    },
    close () {
      client.destroy()
    }
  }
}

/**
 * The public URL of a key: `baseUrl/key`; else the bucket's URL on the endpoint,
 * path-style (`endpoint/bucket/key`) or virtual-hosted (`bucket.endpoint-host/key`);
 * without an endpoint, AWS's own for the region.
 */
export function objectUrl (options: Pick<S3StorageOptions, 'endpoint' | 'bucket' | 'region' | 'forcePathStyle' | 'baseUrl'>, key: string): string {
  if (options.baseUrl !== null) return `${options.baseUrl}/${key}`
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`)
  const path = endpoint.pathname.replace(/\/+$/, '')
  if (options.forcePathStyle) return `${endpoint.origin}${path}/${options.bucket}/${key}`
  return `${endpoint.protocol}//${options.bucket}.${endpoint.host}${path}/${key}`
}
