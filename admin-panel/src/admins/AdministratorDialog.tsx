// Create or edit one administrator: names, email, password (required to create; left empty
// on an edit, it stays), role and whether it may sign in. The server's refusals are shown at
// the inputs they name.
import { useState } from 'react'
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material'
import { HttpError } from 'react-admin'
import { saveAdministrator } from './admins-api'
import type { AdminRole, Administrator, AdministratorBody } from './admins-api'

interface Props {
  /** Absent: a new administrator. */
  administrator?: Administrator
  roles: AdminRole[]
  onClose: (saved: boolean) => void
}

function initialBody (administrator: Administrator | undefined, roles: AdminRole[]): AdministratorBody {
  return {
    firstname: administrator?.firstname ?? '',
    lastname: administrator?.lastname ?? '',
    email: administrator?.email ?? '',
    password: '',
    roles: [administrator?.roles[0]?.id ?? roles.find(role => role.code === 'strapi-editor')?.id ?? 1],
    isActive: administrator?.isActive ?? true
  }
}

export function AdministratorDialog ({ administrator, roles, onClose }: Props) {
  const [body, setBody] = useState(() => initialBody(administrator, roles))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [general, setGeneral] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const creating = administrator === undefined
  const text = (key: 'firstname' | 'lastname' | 'email' | 'password', label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      value={body[key]}
      required={key === 'firstname' || key === 'email' || (key === 'password' && creating)}
      helperText={errors[key] ?? (key === 'password' && !creating ? 'Leave empty to keep the current password' : undefined)}
      error={errors[key] !== undefined}
      onChange={event => { setBody({ ...body, [key]: event.target.value }) }}
      autoComplete={key === 'password' ? 'new-password' : 'off'}
    />
  )
  const save = () => {
    setSaving(true)
    saveAdministrator(administrator?.id, body)
      .then(() => { onClose(true) })
      .catch((error: unknown) => {
        const byField = error instanceof HttpError ? (error.body as { errors?: Record<string, string> }).errors ?? {} : {}
        const keyed: Record<string, string> = {}
        for (const [path, message] of Object.entries(byField)) keyed[path.split('.')[0]!] = message
        setErrors(keyed)
        setGeneral(Object.keys(keyed).length === 0 ? (error as Error).message : null)
      })
      .finally(() => { setSaving(false) })
  }
  return (
    <Dialog open onClose={() => { onClose(false) }} fullWidth maxWidth="sm">
      <DialogTitle>{creating ? 'Create an administrator' : `Edit ${administrator.firstname} ${administrator.lastname ?? ''}`.trim()}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {general !== null && <Alert severity="error" role="alert">{general}</Alert>}
          {text('firstname', 'First name')}
          {text('lastname', 'Last name')}
          {text('email', 'Email', 'email')}
          {text('password', 'Password', 'password')}
          <TextField
            select
            label="Role"
            value={body.roles[0]}
            error={errors.roles !== undefined}
            helperText={errors.roles}
            onChange={event => { setBody({ ...body, roles: [Number(event.target.value)] }) }}
          >
            {roles.map(role => <MenuItem key={role.id} value={role.id}>{role.name}</MenuItem>)}
          </TextField>
          <FormControlLabel
            control={<Switch checked={body.isActive} onChange={event => { setBody({ ...body, isActive: event.target.checked }) }} />}
            label="Active (may sign in)"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => { onClose(false) }}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={saving}>{creating ? 'Create' : 'Save'}</Button>
      </DialogActions>
    </Dialog>
  )
}
