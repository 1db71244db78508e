import { useQuery } from '@tanstack/react-query'
import { listFiles } from './files-api'

export const FILE_PAGE_SIZE = 12
/** The query key of every page of files: invalidated after an upload, an edit or a delete. */
export const FILE_PAGES_KEY = 'upload-files'

/** `folder`: the files of one folder (null: the root's), as the media library browses them; absent: every file. */
export function useFilePage (page: number, folder?: number | null) {
  return useQuery({ queryKey: [FILE_PAGES_KEY, page, folder], queryFn: async () => await listFiles({ page, pageSize: FILE_PAGE_SIZE, ...(folder === undefined ? {} : { folder }) }) })
}
