/**
 * The `upload` keys of the s3 provider (docs/media.md, 'S3 and S3-compatible storage'): `endpoint bucket region accessKeyId
 * secretAccessKey forcePathStyle baseUrl`, checked at register time so a typo in a bucket
 * name or a URL fails at startup, not at the first upload.
 */

export interface S3UploadKeys {
  /** S3-compatible server (`https://s3.example.com`, `http://127.0.0.1:9000`); omitted: AWS S3 of `region`. */
  endpoint?: string
  bucket: string
  /** `us-east-1` suits most S3-compatible servers. */
  region: string
  /** Both or neither; neither: the AWS SDK's own chain (environment, profile, instance role). */
  accessKeyId?: string
  secretAccessKey?: string
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>`. Default false. */
  forcePathStyle?: boolean
  /** Public URL the keys are appended to (a CDN or the bucket's own URL); omitted: the bucket's URL. */
  baseUrl?: string
}

export const S3_KEYS = ['endpoint', 'bucket', 'region', 'accessKeyId', 'secretAccessKey', 'forcePathStyle', 'baseUrl'] as const

export interface S3StorageOptions {
  name: 's3'
  /** Without a trailing slash; null: AWS. */
  endpoint: string | null
  bucket: string
  region: string
  credentials: { accessKeyId: string, secretAccessKey: string } | null
  forcePathStyle: boolean
  /** Without a trailing slash. */
  baseUrl: string | null
}

/** S3's bucket naming rules; the name becomes a host name label in virtual-hosted URLs. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const REGION = /^[A-Za-z0-9][A-Za-z0-9_-]*$/

/** Answers the resolved options, or the problem (naming the key) as a string. */
export function resolveS3Options (raw: Partial<Record<typeof S3_KEYS[number], unknown>>): S3StorageOptions | string {
  const { endpoint, bucket, region, accessKeyId, secretAccessKey, forcePathStyle, baseUrl } = raw
  if (typeof bucket !== 'string' || !BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    return `upload.bucket is required for the s3 provider and must be a bucket name (3-63 lower-case letters, digits, dots, hyphens), got ${JSON.stringify(bucket)}`
  }
  if (typeof region !== 'string' || !REGION.test(region)) {
    return `upload.region is required for the s3 provider (e.g. "us-east-1", which most S3-compatible servers accept), got ${JSON.stringify(region)}`
  }
  const checkedEndpoint = httpUrl('endpoint', endpoint)
  if (checkedEndpoint !== null && typeof checkedEndpoint === 'object') return checkedEndpoint.problem
  const checkedBaseUrl = httpUrl('baseUrl', baseUrl)
  if (checkedBaseUrl !== null && typeof checkedBaseUrl === 'object') return checkedBaseUrl.problem
  if (forcePathStyle !== undefined && typeof forcePathStyle !== 'boolean') {
    return `upload.forcePathStyle must be a boolean, got ${JSON.stringify(forcePathStyle)}`
  }
  for (const [name, value] of [['accessKeyId', accessKeyId], ['secretAccessKey', secretAccessKey]] as const) {
    if (value !== undefined && (typeof value !== 'string' || value === '')) return `upload.${name} must be a non-empty string`
  }
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    return 'upload.accessKeyId and upload.secretAccessKey go together: give both, or neither to use the AWS SDK\'s default credentials'
  }
  return {
    name: 's3',
    endpoint: checkedEndpoint,
    bucket,
    region,
    credentials: accessKeyId === undefined ? null : { accessKeyId: accessKeyId as string, secretAccessKey: secretAccessKey as string },
    forcePathStyle: forcePathStyle ?? false,
    baseUrl: checkedBaseUrl
  }
}

/** An absolute http(s) URL without credentials, query or fragment, trailing slashes removed. */
function httpUrl (name: string, value: unknown): string | null | { problem: string } {
  if (value === undefined) return null
  const problem = { problem: `upload.${name} must be an absolute http(s) URL without query or credentials, got ${JSON.stringify(value)}` }
  if (typeof value !== 'string') return problem
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return problem
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    return problem
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}
