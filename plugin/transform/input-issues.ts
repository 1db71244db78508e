/**
 * Validation problems of one write, collected rather than thrown so that a client learns
 * about every bad field of a body at once (DECISIONS §5).
 */
import { ValidationError, type ValidationIssue } from '../errors.js'
import type { InputPath } from './input-plan.js'

/** A hostile body can hold a million bad values; the answer lists this many of them. */
export const MAX_LISTED_ISSUES = 100

export class IssueList {
  readonly #issues: ValidationIssue[] = []
  #count = 0

  /** `message` names the problem; the subject (`seo.metaTitle`) is prefixed from `path`. */
  add (path: InputPath, message: string): void {
    this.addVerbatim(path, `${displayPath(path)} ${message}`)
  }

  /** A problem whose message stands alone (Strapi's fixed texts such as the unique one). */
  addVerbatim (path: InputPath, message: string): void {
    this.#count++
    if (this.#issues.length < MAX_LISTED_ISSUES) this.#issues.push({ path, message, name: 'ValidationError' })
  }

  get isEmpty (): boolean {
    return this.#count === 0
  }

  throwIfAny (): void {
    if (this.isEmpty) return
    const [first] = this.#issues
    const message = this.#count === 1 ? first!.message : `${this.#count} errors occurred`
    throw new ValidationError(message, [...this.#issues])
  }
}

/** `['data', 'blocks', 2, 'text']` → `blocks[2].text`, the way Strapi names fields. */
export function displayPath (path: InputPath): string {
  let text = ''
  for (const step of path.slice(1)) {
    text += typeof step === 'number' ? `[${step}]` : text === '' ? step : `.${step}`
  }
  return text === '' ? String(path[0] ?? 'data') : text
}
