/**
 * Where an upload's bytes wait (the received files and the image formats made from them)
 * until the whole upload has succeeded. It sits inside the upload folder so the local
 * provider can move files into place without copying, in a dot-folder the static server
 * never serves. Whatever is still staged when the upload ends is removed.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { linkOrCopy } from './link-or-copy.js'

export interface Staging {
  /** A fresh path to write one staged file to. */
  newPath: () => Promise<string>
  /**
   * A staged path of this staging's own for bytes staged elsewhere (a hard link, else a copy):
   * a GraphQL request's file may be named by several uploads, each storing it (moving it away).
   */
  adopt: (path: string) => Promise<string>
  /** Removes every staged file that was not moved away. */
  clear: () => Promise<void>
}

export function createStaging (uploadDir: string): Staging {
  const folder = join(uploadDir, '.staging')
  const paths: string[] = []
  let ready: Promise<unknown> | null = null
  return {
    async newPath () {
      ready ??= mkdir(folder, { recursive: true })
      await ready
      const path = join(folder, randomBytes(16).toString('hex'))
      paths.push(path)
      return path
    },
    async adopt (from) {
      const path = await this.newPath()
      await linkOrCopy(from, path)
      return path
    },
    async clear () {
      await Promise.all(paths.map(async path => { await rm(path, { force: true }) }))
      paths.length = 0
    }
  }
}
