/**
 * Validation problems of one write, collected rather than thrown so that a client learns
 * about every bad field of a body at once (docs/writing.md, 'Validation').
 */
import { ValidationError, type ValidationIssue } from '../errors.js'

/** Where a value sits in the body's `data`, from the attribute on (`['blocks', 2, 'text']`), as Strapi's error paths do. */
export type InputPath = Array<string | number>

/** A hostile body can hold a million bad values; the answer lists this many of them. */
export const MAX_LISTED_ISSUES = 100

export class IssueList {
  readonly #issues: ValidationIssue[] = []
  #count = 0

  /** `message` names the problem; the subject (`seo.metaTitle`) is prefixed from `path`. */
  add (path: InputPath, message: string): void {
    this.addVerbatim(path, issueMessage(path, message))
  }

  /** A problem whose message stands alone (Strapi's fixed texts such as the unique one). */
  addVerbatim (path: InputPath, message: string): void {
    this.#count++
    if (this.#issues.length < MAX_LISTED_ISSUES) this.#issues.push({ path: issuePath(path), message, name: 'ValidationError' })
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

/** `['blocks', 2, 'text']` → `blocks[2].text`, the way Strapi names fields ('' for the body itself). */
export function displayPath (path: InputPath): string {
  let text = ''
  for (const step of path) {
    text += typeof step === 'number' ? `[${step}]` : text === '' ? step : `.${step}`
  }
  return text
}

/**
 * A path as Strapi v4 answers it (lodash `toPath` of yup's `blocks[2].text`): every step a
 * string, indices too, so clients that join or compare them see what Strapi gives.
 */
export function issuePath (path: InputPath): string[] {
  return path.map(String)
}

/** `subject problem`, or the problem alone for the body as a whole. */
export function issueMessage (path: InputPath, problem: string): string {
  const subject = displayPath(path)
  return subject === '' ? problem : `${subject} ${problem}`
}

/** The 400 of an update whose `locale` is not the entry's own. */
export const LOCALE_CHANGE_PROBLEM = 'cannot be changed: create a localization with POST /:id/localizations instead'
