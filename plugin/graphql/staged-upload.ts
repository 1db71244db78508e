/**
 * A file of a GraphQL multipart request: received and staged before the operation runs
 * (./multipart-request.ts), and the value the `Upload` scalar takes in its place. Only the
 * multipart reader makes one, so a variable sent as JSON can never pass for a file.
 */

/** A staged file as the media library receives it (upload/multipart-body.ts, ReceivedFile). */
export interface StagedFile {
  /** The part that held it (`0`, `1`, … as the request's map names them). */
  field: string
  /** The file name the client sent, untrusted. */
  filename: string
  /** Staged bytes, removed once the request is answered. */
  path: string
  /** Bytes. */
  size: number
}

export class StagedUpload {
  readonly file: StagedFile

  constructor (file: StagedFile) {
    this.file = file
  }

  /** As JSON (an idempotency key's body, a log), the file it stands for; never its path. */
  toJSON (): { filename: string, size: number } {
    return { filename: this.file.filename, size: this.file.size }
  }
}
