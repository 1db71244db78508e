/**
 * Which failures mean "the database cannot be reached or answered in time" rather than
 * "this request is wrong" or "this code is wrong". Clients and load balancers should retry
 * those elsewhere or later (a 503), not treat them as a bug (a 500).
 */

/** SQLSTATE classes and codes of an unreachable, restarting, overloaded or timed-out server. */
const UNAVAILABLE_CODE = /^(08...|57P0[1-4]|53300|57014|25P03|40001|40P01)$/
/** The `pg` driver's and Node's words for a connection that is gone or never came. */
const UNAVAILABLE_MESSAGE = /Connection terminated|connection ended|not queryable|timeout exceeded when trying to connect|Connection closed|terminating connection|the database system is (starting up|shutting down|in recovery mode)/i
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED'])

interface ErrorLike {
  code?: unknown
  message?: unknown
  cause?: unknown
  errors?: unknown
}

/** Walks the error, its `cause` chain (MikroORM wraps driver errors) and aggregate members. */
export function isDatabaseUnavailable (error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false
  const { code, message, cause, errors } = error as ErrorLike
  if (typeof code === 'string' && (UNAVAILABLE_CODE.test(code) || NETWORK_CODES.has(code))) return true
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true
  if (Array.isArray(errors) && errors.some(member => isDatabaseUnavailable(member, depth + 1))) return true
  return isDatabaseUnavailable(cause, depth + 1)
}

/** The connection itself died (as opposed to a timeout or a busy server): a read may run again on a fresh one. */
const LOST_CODE = /^(08...|57P0[1-3])$/
const LOST_MESSAGE = /Connection terminated|connection ended|not queryable|terminating connection/i

export function isConnectionLost (error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false
  const { code, message } = error as ErrorLike
  if (typeof code === 'string' && (LOST_CODE.test(code) || code === 'ECONNRESET' || code === 'EPIPE')) return true
  return typeof message === 'string' && LOST_MESSAGE.test(message)
}
