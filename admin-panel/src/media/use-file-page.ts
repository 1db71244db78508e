import { useQuery } from '@tanstack/react-query'
import { listFiles } from './files-api'

export const FILE_PAGE_SIZE = 12

export function useFilePage (page: number) {
  return useQuery({ queryKey: ['upload-files', page], queryFn: async () => await listFiles({ page, pageSize: FILE_PAGE_SIZE }) })
}
