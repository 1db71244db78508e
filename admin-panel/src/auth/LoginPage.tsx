// Log in, or on a fresh install (GET /admin/init says hasAdmin: false) create the first Super
// Admin. Both go through react-admin's useLogin, which then opens the panel.
import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material'
import { useLogin } from 'react-admin'
import { api } from '../api/http'

type Mode = 'loading' | 'register' | 'login'

export function LoginPage () {
  const [mode, setMode] = useState<Mode>('loading')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const login = useLogin()

  useEffect(() => {
    api<{ data: { hasAdmin: boolean } }>('/admin/init')
      .then(answer => { setMode(answer.data.hasAdmin ? 'login' : 'register') })
      .catch((cause: Error) => { setMode('login'); setError(cause.message) })
  }, [])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const field = (name: string) => String(form.get(name) ?? '')
    const params = mode === 'register'
      ? { email: field('email'), password: field('password'), firstname: field('firstname'), lastname: field('lastname') || undefined }
      : { email: field('email'), password: field('password') }
    setBusy(true)
    setError(null)
    login(params).catch((cause: Error) => { setError(cause.message) }).finally(() => { setBusy(false) })
  }

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          {mode === 'loading' ? <CircularProgress aria-label="Loading" /> : (
            <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
              <Typography variant="h5" component="h1">{mode === 'register' ? 'Welcome! Create the first Super Admin' : 'Log in to the content manager'}</Typography>
              {mode === 'register' && <TextField name="firstname" label="First name" required autoFocus />}
              {mode === 'register' && <TextField name="lastname" label="Last name" />}
              <TextField name="email" label="Email" type="email" required autoFocus={mode === 'login'} autoComplete="username" />
              <TextField name="password" label="Password" type="password" required autoComplete={mode === 'register' ? 'new-password' : 'current-password'} />
              {error !== null && <Alert severity="error" role="alert">{error}</Alert>}
              <Button type="submit" variant="contained" disabled={busy}>{mode === 'register' ? "Let's start" : 'Log in'}</Button>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  )
}
