/**
 * The admin panel's index.html as served: its <base> set to the panel's path (the bundle's
 * asset URLs are relative, and react-router takes its basename from it) and the API's root in
 * a meta tag, with a Content-Security-Policy that allows no inline script (docs/admin-panel.md).
 */

/**
 * Scripts only from the panel's own files. Styles also inline: emotion (MUI's styling) writes
 * <style> elements at run time and MUI sets style attributes, which a nonce cannot cover.
 * Images may be https: URLs, where media are stored on S3 or behind a CDN.
 */
export const PANEL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'"
].join('; ')

function attribute (value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

export function panelPage (built: string, where: { panelPath: string, apiRoot: string }): string {
  const base = `<base href="${attribute(`${where.panelPath}/`)}" />`
  const meta = `<meta name="content-api-root" content="${attribute(where.apiRoot)}" />`
  return built.replace(/<base href="[^"]*"\s*\/?>/, `${base}\n    ${meta}`)
}
