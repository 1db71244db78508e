// A file's URL as the browser reaches it: stored URLs are origin-relative ('/uploads/x.png')
// or absolute (S3); a format's URL when the file has that format.
import { apiRoot } from '../api/location'

export interface MediaFile {
  id: number
  name: string
  alternativeText?: string | null
  caption?: string | null
  url: string
  mime?: string
  width?: number | null
  height?: number | null
  size?: number
  formats?: Record<string, { url: string }> | null
}

export function fileUrl (file: Pick<MediaFile, 'url' | 'formats'> & Partial<MediaFile>, format?: string): string {
  const url = (format === undefined ? undefined : file.formats?.[format]?.url) ?? file.url
  return /^https?:\/\//.test(url) ? url : `${apiRoot()}${url}`
}
