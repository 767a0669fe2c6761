/** Structured JSON logs, one object a line. */
export type Level = 'debug' | 'info' | 'warn' | 'error'
export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

const RANK: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

/**
 * Keys whose values never reach a log line, at any depth: credentials (passwords, session, bearer, CSRF and
 * invite tokens, cookies), card details (number, CVV, PIN), one-time codes and wallet signatures.
 */
export const SECRET_KEYS = new RegExp(
  /password|passphrase|token|secret|cookie|authorization|csrf|signature|^sig$|cvv|cvc|^pan$|cardnumber/.source +
    /|^number$|^pin$|otp|^code$|emailcode|verificationcode|apikey|api_key|privatekey|mnemonic|seedphrase/.source,
  'i',
)

/** Secrets that can hide inside a string value: a bearer header, a token-carrying query parameter, a signature. */
const SECRET_VALUES: [RegExp, string][] = [
  [/\bBearer\s+[\w.~+/=-]+/gi, 'Bearer [redacted]'],
  [
    new RegExp(
      '([?&#;](?:token|invite|inviteToken|code|signature|sig|password|csrf|csrfToken|session' +
        String.raw`|access_token|id_token|key)=)[^&#\s"']+`,
      'gi',
    ),
    '$1[redacted]',
  ],
  [/(cash_session=)[^;\s"']+/gi, '$1[redacted]'],
  // 65-byte wallet signatures (0x + 130 hex); 20-byte addresses stay readable.
  [/\b0x[0-9a-f]{130}\b/gi, '[redacted signature]'],
]

/** A card number: 13 to 19 digits that pass the Luhn check. */
function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

/** A random token as we issue them (base64url, 32+ characters); ids (uuids), hex digests and words are kept. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{32,200}$/
const looksLikeToken = (v: string) => TOKEN_LIKE.test(v) && /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v)

/** A string with every secret-shaped part replaced. */
export function redactText(value: string, isId = false): string {
  if (!isId && looksLikeToken(value)) return '[redacted]'
  let out = value
  for (const [pattern, replacement] of SECRET_VALUES) out = out.replace(pattern, replacement)
  // Card numbers as a run of digits or in groups of four; ids (uuids) and amounts with decimals are left alone.
  return out.replace(/(?<![\w.-])(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{1,7})(?![\w.-])/g, (m) =>
    luhn(m.replace(/\D/g, '')) ? '[redacted card number]' : m,
  )
}

/** Fields named `…id` hold our own references (request, job, PIX txid), not secrets: only patterns apply to them. */
const ID_KEY = /id$/i

function redactValue(value: unknown, depth: number, key = ''): unknown {
  if (typeof value === 'string') return redactText(value, ID_KEY.test(key))
  if (depth > 6 || value === null || typeof value !== 'object') return value
  if (value instanceof Date) return value
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1, key))
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : redactValue(v, depth + 1, k)]),
  )
}

/** The fields with secret keys blanked and secret-shaped values masked, at any depth. */
export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return redactValue(fields, 0) as Record<string, unknown>
}

/** A logger writing JSON lines to `write` (stdout by default) at or above `level`. */
export function createLogger(
  level: Level | 'silent',
  write: (line: string) => void = (l) => process.stdout.write(l),
): Logger {
  const emit =
    (lvl: Level) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (RANK[lvl] < RANK[level]) return
      const line = JSON.stringify(
        { time: new Date().toISOString(), level: lvl, msg: redactText(msg), ...redact(fields) },
        (_k, v) => (typeof v === 'bigint' ? v.toString() : v),
      )
      write(`${line}\n`)
    }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') }
}
