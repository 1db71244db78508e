// Settings → Administrators (the Super Admin's): the admin users a page at a time, searched by
// name or email, created, edited and deleted. Anyone else reaching the address is told so, and
// the server refuses them every route anyway (403).
import { useState } from 'react'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, CardContent, Chip, Pagination, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material'
import { Loading, Title, useNotify } from 'react-admin'
import { useMayManageAdmins } from '../auth/permissions'
import { deleteAdministrator, listAdministrators, listRoles } from './admins-api'
import type { Administrator } from './admins-api'
import { AdministratorDialog } from './AdministratorDialog'

/** The dialog's state: closed, a new administrator, or the one being edited. */
type Editing = null | 'new' | Administrator

export function AdministratorsPage () {
  const mayManage = useMayManageAdmins()
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<Editing>(null)
  const queryClient = useQueryClient()
  const notify = useNotify()
  const list = useQuery({ queryKey: ['administrators', page, search], enabled: mayManage === true, placeholderData: keepPreviousData, queryFn: async () => await listAdministrators({ page, search }) })
  const roles = useQuery({ queryKey: ['admin-roles'], enabled: mayManage === true, queryFn: listRoles })
  if (mayManage === false) return <Alert severity="error" role="alert">You are not allowed to manage administrators</Alert>
  if (mayManage === undefined || roles.data === undefined) return <Loading />

  const refresh = async () => { await queryClient.invalidateQueries({ queryKey: ['administrators'] }) }
  const remove = (administrator: Administrator) => {
    if (!window.confirm(`Delete ${administrator.email}?`)) return
    deleteAdministrator(administrator.id)
      .then(async () => { notify('The administrator is deleted', { type: 'success' }); await refresh() })
      .catch((error: unknown) => { notify((error as Error).message, { type: 'error' }) })
  }
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Administrators" />
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} alignItems="center" justifyContent="space-between">
            <Typography variant="h5" component="h1">Administrators</Typography>
            <Button variant="contained" onClick={() => { setEditing('new') }}>Create an administrator</Button>
          </Stack>
          <TextField
            label="Search administrators"
            type="search"
            value={search}
            onChange={event => { setSearch(event.target.value); setPage(1) }}
            sx={{ maxWidth: 360 }}
          />
          {list.error !== null && <Alert severity="error" role="alert">{list.error.message}</Alert>}
          <Table aria-label="Administrators" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.results ?? []).map(administrator => (
                <TableRow key={administrator.id}>
                  <TableCell>{`${administrator.firstname} ${administrator.lastname ?? ''}`.trim()}</TableCell>
                  <TableCell>{administrator.email}</TableCell>
                  <TableCell>{administrator.roles.map(role => role.name).join(', ')}</TableCell>
                  <TableCell><Chip size="small" label={administrator.isActive ? 'Active' : 'Inactive'} color={administrator.isActive ? 'success' : 'default'} /></TableCell>
                  <TableCell align="right">
                    <Button size="small" aria-label={`Edit ${administrator.email}`} onClick={() => { setEditing(administrator) }}>Edit</Button>
                    <Button size="small" color="error" aria-label={`Delete ${administrator.email}`} onClick={() => { remove(administrator) }}>Delete</Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.data !== undefined && list.data.pagination.pageCount > 1 && (
            <Pagination page={page} count={list.data.pagination.pageCount} onChange={(_, next) => { setPage(next) }} />
          )}
        </Stack>
      </CardContent>
      {editing !== null && (
        <AdministratorDialog
          administrator={editing === 'new' ? undefined : editing}
          roles={roles.data}
          onClose={saved => {
            setEditing(null)
            if (saved) { notify('The administrator is saved', { type: 'success' }); void refresh() }
          }}
        />
      )}
    </Card>
  )
}
