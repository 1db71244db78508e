// The admin panel's bundle: built by `npm run build` (scripts/build-admin-panel.mjs) into
// dist/admin-panel, served by plugin/admin/panel. Relative asset URLs (`base: './'`) resolve
// against the <base> the server writes, so one bundle serves any admin.path.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/admin-panel', import.meta.url)),
    emptyOutDir: true,
    // No module-preload polyfill: it is an inline script, which the CSP forbids.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 2500
  }
})
