/**
 * What `import:strapi` shows while it runs and when it ends: a progress bar per table on a
 * terminal (cli-progress: rows done/total, rate, time left), plain lines every few seconds
 * otherwise (logs, CI), then a summary table, the rows not imported and why, and the
 * permissions option that grants what Strapi's roles could do.
 */
import cliProgress from 'cli-progress'
import type { ImportProgress, StrapiImportReport } from './run-import.js'
import type { VerifyReport } from './verify-reads.js'

type Listener = (event: ImportProgress) => void

export interface ProgressView {
  listener: Listener
  stop: () => void
}

function rate (done: number, started: number): number {
  const seconds = (Date.now() - started) / 1000
  return seconds > 0 ? done / seconds : 0
}

/** A bar per table on a TTY: each starts when the table does and stays when done. */
export function terminalProgress (stream: NodeJS.WriteStream): ProgressView {
  const bars = new cliProgress.MultiBar({
    stream,
    format: ' {bar} {percentage}% | {value}/{total} rows | {speed} rows/s | ETA {eta_formatted} | {label}',
    hideCursor: true,
    clearOnComplete: false
  }, cliProgress.Presets.shades_classic)
  const active = new Map<string, { bar: cliProgress.SingleBar, started: number, done: number }>()
  return {
    listener: (event) => {
      if (event.kind === 'start') active.set(event.label, { bar: bars.create(Math.max(event.total, 1), 0, { label: event.label, speed: 0 }), started: Date.now(), done: 0 })
      const entry = active.get(event.label)
      if (entry === undefined) return
      if (event.kind === 'rows') {
        entry.done = event.done
        // An estimated total may be passed: the bar grows with the rows.
        entry.bar.setTotal(Math.max(event.total, 1))
        entry.bar.update(event.done, { speed: Math.round(rate(event.done, entry.started)) })
      }
      // Full at the end, at the rows there were (an estimate may have said more).
      if (event.kind === 'end') {
        entry.bar.setTotal(Math.max(entry.done, 1))
        entry.bar.update(Math.max(entry.done, 1))
      }
    },
    stop: () => { bars.stop() }
  }
}

/** Lines for logs: each table's start and end, and its progress at most every `everyMs`. */
export function lineProgress (write: (text: string) => void, everyMs = 5_000): ProgressView {
  const tables = new Map<string, { started: number, shown: number }>()
  return {
    listener: (event) => {
      if (event.kind === 'start') {
        tables.set(event.label, { started: Date.now(), shown: Date.now() })
        write(`${event.label}: ${event.estimated === true ? 'about ' : ''}${event.total} rows\n`)
        return
      }
      const table = tables.get(event.label)
      if (table === undefined || event.kind === 'end') return
      if (Date.now() - table.shown < everyMs && event.done < event.total) return
      table.shown = Date.now()
      const speed = rate(event.done, table.started)
      const left = speed > 0 ? Math.round((event.total - event.done) / speed) : 0
      write(`${event.label}: ${event.done}/${event.total} rows, ${Math.round(speed)} rows/s, ${left} s left\n`)
    },
    stop: () => {}
  }
}

function table (rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map(row => row[column]!.length)))
  const line = (row: string[]): string => row.map((cell, column) => column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)).join('  ')
  return [line(rows[0]!), widths.map(width => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n') + '\n'
}

const OUTCOMES: Record<StrapiImportReport['outcome'], string> = {
  imported: 'Imported.',
  'up-to-date': 'Nothing to change: this database already holds what Strapi has.',
  checked: 'Check only (--check): nothing was written.',
  refused: 'Refused:'
}

/** Indented JSON with each list of actions on one line. */
function compactJson (value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/\[\s+([^\]]*?)\s+\]/g, (_, items: string) => `[${items.replace(/\s+/g, ' ')}]`)
}

export function importSummary (report: StrapiImportReport): string {
  const rows = [['table', 'in Strapi', 'mapped', 'skipped', 'changes'],
    ...report.steps.map(step => [step.label, String(step.read), String(step.mapped), String(step.read - step.mapped), String(step.changes)])]
  let text = table(rows)
  if (report.unmapped.length > 0) {
    text += `\n${report.unmapped.length} Strapi rows not imported as they are:\n`
    for (const row of report.unmapped) text += `  ${row.label} id ${row.id}: ${row.why}\n`
  }
  if (report.adminRoles.length > 0) {
    text += `\n${report.adminRoles.length} admin users do not keep their Strapi roles as they were:\n`
    for (const note of report.adminRoles) text += `  ${note.email} (admin user ${note.id}): ${note.why}\n`
  }
  if (report.unfilled.length > 0) text += `\nColumns no Strapi column fills (left to their default): ${report.unfilled.join(', ')}\n`
  if (report.files !== null) {
    text += `\nUploads: ${report.files.copied} files copied, ${report.files.present} already stored, ${report.files.missing.length} missing\n`
    for (const missing of report.files.missing) text += `  missing in --uploads: file ${missing}\n`
  }
  if (Object.keys(report.permissions).length > 0) {
    text += `\nStrapi's roles could do this; permissions here come from the "permissions" option (serve --permissions FILE takes { "roles": ... }):\n${compactJson({ roles: report.permissions })}\n`
  }
  text += `\n${OUTCOMES[report.outcome]}${report.refusal === undefined ? '' : ` ${report.refusal}`} (${(report.durationMs / 1000).toFixed(1)} s)\n`
  return text
}

export function verifySummary (report: VerifyReport): string {
  let text = `\nVerify: ${report.equal} of ${report.reads} reads answer the same as Strapi\n`
  for (const delta of report.accepted) text += `  accepted ${delta}\n`
  for (const difference of report.differences) {
    text += `  ${difference.url}  ${difference.path}: Strapi ${JSON.stringify(difference.strapi)}, here ${JSON.stringify(difference.ours)}\n`
  }
  return text
}
