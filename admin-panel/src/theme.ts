// react-admin's default theme with the system font stack: the panel loads no web font.
import { defaultTheme } from 'react-admin'
import type { RaThemeOptions } from 'react-admin'

export const theme: RaThemeOptions = {
  ...defaultTheme,
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' }
}
