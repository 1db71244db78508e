/**
 * Every error the plugin raises, in one place. The API's carry their HTTP status and the
 * `name` of docs/api.md, 'Errors'; the error handler turns them into `{ data: null, error }`. Each
 * has a stable `code` (as Fastify's own errors do) that hosts may match on in controllers
 * and lifecycles; it stays out of the answer, whose shape is Strapi's.
 */

export interface ValidationIssue {
  path: Array<string | number>
  message: string
  name: 'ValidationError'
  /** The value refused, where Strapi v5 answers it. */
  value?: unknown
}

/** The stable code of an error name: `ValidationError` → `FCA_ERR_VALIDATION`. */
function codeOf (name: string): string {
  return `FCA_ERR_${name.replace(/Error$/, '').replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}`
}

export class ApiError extends Error {
  readonly status: number
  readonly details: Record<string, unknown>
  readonly code: string
  constructor (name: string, status: number, message: string, details: Record<string, unknown> = {}) {
    super(message)
    this.name = name
    this.status = status
    this.details = details
    this.code = codeOf(name)
  }
}

export class ValidationError extends ApiError {
  /** `details`: given as they are, in place of the issue list (Strapi v5 words some refusals so). */
  constructor (message: string, issues: ValidationIssue[] = [], details?: Record<string, unknown>) {
    super('ValidationError', 400, message, details ?? (issues.length > 0 ? { errors: issues } : {}))
  }

  /** One bad parameter or body key, named by its path. */
  static at (path: Array<string | number>, message: string): ValidationError {
    return new ValidationError(message, [{ path, message, name: 'ValidationError' }])
  }

  static invalidParameter (key: string): ValidationError {
    return ValidationError.at([key], `Invalid parameter ${key}`)
  }
}

export class UnauthorizedError extends ApiError {
  constructor (message = 'Missing or invalid credentials') { super('UnauthorizedError', 401, message) }
}

export class ForbiddenError extends ApiError {
  constructor (message = 'Forbidden') { super('ForbiddenError', 403, message) }
}

export class NotFoundError extends ApiError {
  constructor (message = 'Not Found') { super('NotFoundError', 404, message) }
}

export class PayloadTooLargeError extends ApiError {
  constructor (message = 'Payload too large') { super('PayloadTooLargeError', 413, message) }
}

/** A request the API understands but does not serve yet (Strapi's `NotImplementedError`, 501). */
export class NotImplementedError extends ApiError {
  constructor (message: string) { super('NotImplementedError', 501, message) }
}

/** As Strapi v4 answers its rate limits (users-permissions, admin): 429 `RateLimitError`. */
export class RateLimitError extends ApiError {
  constructor (message = 'Too many requests, please try again later.') { super('RateLimitError', 429, message) }
}

/** A 500 unless told otherwise: Strapi also answers some refusals as a 400 `ApplicationError` ("Username already taken"). */
export class ApplicationError extends ApiError {
  constructor (message = 'Internal Server Error', status = 500) { super('ApplicationError', status, message) }
}

/**
 * The database cannot be reached, is restarting, or did not answer in time: nothing is
 * wrong with the request, so clients and load balancers retry after `retryAfter` seconds.
 */
export class ServiceUnavailableError extends ApiError {
  readonly retryAfter: number
  constructor (message = 'The service is temporarily unavailable; retry shortly', retryAfter = 1) {
    super('ServiceUnavailableError', 503, message)
    this.retryAfter = retryAfter
  }
}

/** A plugin option that cannot work; found at register time, before anything is served. */
export class OptionsError extends Error {
  readonly code = codeOf('OptionsError')
  constructor (message: string) {
    super(`fastify-content-api: ${message}`)
    this.name = 'OptionsError'
  }
}

/**
 * `import:strapi` cannot read Strapi's database: a `--from` of no known form, a server that
 * does not answer, a file that is not there, not a Strapi v4 database. The message says
 * which, never with a password.
 */
export class StrapiSourceError extends Error {
  readonly code = codeOf('StrapiSourceError')
  constructor (message: string) {
    super(message)
    this.name = 'StrapiSourceError'
  }
}

/** A schema problem found at startup; names the file and attribute. */
export class SchemaError extends Error {
  readonly code = codeOf('SchemaError')
  /** Every problem found, one line each (a single error holds just its own). */
  readonly problems: readonly string[]

  constructor (source: string, where: string | null, problem: string, problems?: readonly string[]) {
    super(`${source}${where === null ? '' : ` (${where})`}: ${problem}`)
    this.name = 'SchemaError'
    this.problems = problems ?? [this.message]
  }

  /** All the problems of one start-up in one error, so a project is fixed in one pass. */
  static all (errors: readonly SchemaError[]): SchemaError {
    if (errors.length === 1) return errors[0]!
    const problems = errors.flatMap(error => error.problems)
    const combined = new SchemaError(`${problems.length} schema problems`, null, '', problems)
    combined.message = `${problems.length} schema problems:\n${problems.map(line => `  - ${line}`).join('\n')}`
    return combined
  }
}
