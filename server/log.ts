/** Structured JSON logs, one object a line. */
export type Level = 'debug' | 'info' | 'warn' | 'error'
export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

const RANK: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

/** Keys whose values never reach a log line. */
const SECRET_KEYS = /password|token|secret|cookie|authorization/i

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : v]))
}

/** A logger writing JSON lines to `write` (stdout by default) at or above `level`. */
export function createLogger(level: Level | 'silent', write: (line: string) => void = (l) => process.stdout.write(l)): Logger {
  const emit = (lvl: Level) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (RANK[lvl] < RANK[level]) return
    write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...redact(fields) }, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n`)
  }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') }
}
