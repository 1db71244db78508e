// Where the panel and the API live: the server writes both into index.html (the <base> and a
// meta tag), so one bundle serves any admin.path behind any mount point.

/** The panel's own path without its trailing slash ('/admin'): react-router's basename. */
export function panelPath (): string {
  return new URL(document.baseURI).pathname.replace(/\/$/, '')
}

/** The origin-relative root of the admin API ('' when the plugin is mounted at '/'). */
export function apiRoot (): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="content-api-root"]')
  return (meta?.content ?? '').replace(/\/$/, '')
}
