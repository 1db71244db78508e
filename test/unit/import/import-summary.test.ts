/**
 * The CLI's summary names each admin user whose Strapi roles did not come over as they were
 * (plugin/import/admin-roles.ts), by email, so its role can be fixed before it signs in.
 */
import t from 'tap'
import { importSummary } from '../../../plugin/import/import-progress.js'
import type { StrapiImportReport } from '../../../plugin/import/run-import.js'

const report = (adminRoles: StrapiImportReport['adminRoles']): StrapiImportReport => ({
  outcome: 'imported',
  strapiVersion: 'v4',
  steps: [{ label: 'admin users', kind: 'rows', table: 'admin_users', read: 2, mapped: 2, changes: 2 }],
  unmapped: [],
  unfilled: [],
  adminRoles,
  files: null,
  permissions: {},
  durationMs: 1200
})

t.test('admin users with a custom or no role are listed by email', async t => {
  const text = importSummary(report([
    { id: 5, email: 'reviewer@example.com', role: 'strapi-author', why: 'holds the custom admin role(s) Reviewer, whose permissions this plugin cannot represent: imported as strapi-author, the least powerful role' }
  ]))
  t.match(text, /1 admin users do not keep their Strapi roles as they were:\n {2}reviewer@example\.com \(admin user 5\): holds the custom admin role\(s\) Reviewer/)
})

t.test('nothing is said when every role came over', async t => {
  t.notMatch(importSummary(report([])), /admin users do not keep/)
})
