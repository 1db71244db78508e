/**
 * A second name for a file's bytes without copying them where the filesystem allows it: the
 * upload folder's staging and its stored files share one filesystem, so a hard link is free.
 * Never replaces a file that exists (a link fails then, where a rename would overwrite).
 */
import { constants } from 'node:fs'
import { copyFile, link } from 'node:fs/promises'

export async function linkOrCopy (from: string, to: string): Promise<void> {
  try {
    await link(from, to)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error
    // Filesystems without hard links.
    await copyFile(from, to, constants.COPYFILE_EXCL)
  }
}
