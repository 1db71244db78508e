import { useQuery } from '@tanstack/react-query'
import { listFiles } from './files-api'

export const FILE_PAGE_SIZE = 12
/** The query key of every page of files: invalidated after an upload, an edit or a delete. */
export const FILE_PAGES_KEY = 'upload-files'

export function useFilePage (page: number) {
  return useQuery({ queryKey: [FILE_PAGES_KEY, page], queryFn: async () => await listFiles({ page, pageSize: FILE_PAGE_SIZE }) })
}
