// The slice of @20minutes/s3rver (no types of its own) that the tests use.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net'

  interface S3rverOptions {
    address?: string
    port?: number
    directory?: string
    silent?: boolean
    configureBuckets?: Array<{ name: string }>
  }

  export default class S3rver {
    constructor (options: S3rverOptions)
    run (): Promise<AddressInfo>
    close (): Promise<void>
  }
}
