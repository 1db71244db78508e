/** Where a command writes: the process's streams, or a test's buffers. */
export interface Io {
  out: (text: string) => void
  err: (text: string) => void
}

export const defaultIo: Io = {
  out: (text) => { process.stdout.write(text) },
  err: (text) => { process.stderr.write(text) }
}
