import { z } from 'zod'
import { AUTH_ATTEMPTS_PER_WINDOW } from '../domain/auth-rules'
import { WITHDRAWAL_DELAY_DEFAULT_SECONDS } from '../domain/money-out'
import { DataKeyError, parseDataKeys } from './security/field-crypto'

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/** `smtp://` or `smtps://` with a host; what nodemailer reads (user, password, port, options as a query). */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** Every setting the server reads, from the environment, in one schema. */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** `production` turns off the sandbox control API and demo seeding. */
  CASH_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** PostgreSQL connection URL; when absent the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * The owner role's URL for the same database (docs/operations.md, "Database roles"): migrations run as it, and it
   * grants DATABASE_URL's role what the application needs; the server then works as a role that owns nothing and
   * cannot TRUNCATE, drop or turn off triggers. Unset, DATABASE_URL's role migrates and owns the tables.
   */
  DATABASE_OWNER_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * scrypt's work factor for new password hashes (server/auth/password.ts): `test` is for test suites only, and
   * refused in production.
   */
  PASSWORD_COST: z.enum(['standard', 'test']).default('standard'),
  /** PGlite folder, or `:memory:`. */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** `auto` seeds the demo personas into an empty database (not in production). */
  SEED: z.enum(['auto', 'never']).default('auto'),
  /** A session's absolute lifetime, web and native alike, however much it is used. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 30),
  /**
   * A web (cookie) session unused this long is over. Measured on real time, never the sandbox's movable clock
   * (session-service.ts says why); a page's background polls do not count as use.
   */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /**
   * A native (bearer) session unused this long is over: the app guards each opening with the device's own lock, so
   * it is days, not minutes (7 days).
   */
  SESSION_NATIVE_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** Mark cookies Secure (set true behind HTTPS; in production it is true, and false is refused). */
  COOKIE_SECURE: flag.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Whether sign-up is open; closed leads to the waitlist. */
  SIGNUPS_OPEN: flag.default(true),
  /**
   * The address people open Cash at (`https://cash.example.com`), for links in e-mails; without it, the request's own
   * origin. Required (https) in production, and with SMTP_URL (a link mailed out is never made from a request's Host).
   */
  PUBLIC_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/\s]+$/, 'must be a scheme and host, like https://cash.example.com (no path)')
    .optional(),
  /**
   * Addresses of the proxies in front (the load balancer), comma-separated: from them alone X-Forwarded-For is
   * believed for the client's address (rate limits). Empty: the socket's peer is the client.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()], 'must be IP addresses, comma-separated'))),
  /** Sign-in and sign-up attempts per client address per 10 minutes (raise for browser test runs). */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(AUTH_ATTEMPTS_PER_WINDOW),
  /** Sentry DSN the monitoring tunnel forwards to; without it, client errors go to the local error inbox. */
  SENTRY_DSN: z
    .string()
    .regex(/^https?:\/\/[^@/\s]+@[^/\s]+\/\d+$/, 'must look like https://<key>@<host>/<project id>')
    .optional(),
  /** Sentry organisation id; read from an `o<id>.` DSN host when absent. */
  SENTRY_ORG_ID: z.string().regex(/^\d+$/, 'must be a number').optional(),
  /** Monitoring envelopes accepted per client address per minute. */
  MONITORING_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /**
   * Key for provider webhook signatures (HMAC-SHA256, one derived key per provider). Required in production. Unset
   * in development, the install makes its own on first start and keeps it in the database (install-secret.ts);
   * the default below is only the test servers' key.
   */
  WEBHOOK_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default('sandbox-webhook-secret-not-for-production'),
  /**
   * Keys sealing account numbers, IBANs, identity documents and KYC details at rest (server/security/field-crypto.ts):
   * `k2:<base64 of 32 bytes>,k1:<base64>`, the first sealing, every one opening. Required in production; unset
   * elsewhere, the install makes its own and keeps it outside the database (data-keys.ts).
   */
  DATA_KEYS: z
    .string()
    .refine((v) => {
      try {
        return Boolean(parseDataKeys(v))
      } catch (error) {
        if (error instanceof DataKeyError) return false
        throw error
      }
    }, 'must be <id>:<base64 of 32 bytes>, comma-separated, the current key first')
    .optional(),
  /** How fast the sandbox chain mines a block; confirmations take 12 of them. */
  SANDBOX_BLOCK_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /**
   * How long the sandbox card network waits for an authorization decision before it declines as a timeout (2 s,
   * as card networks do). Tests wait longer: a machine under load must not turn a decision into a decline.
   */
  CARD_NETWORK_WAIT_MS: z.coerce.number().int().min(1).max(120_000).default(2000),
  /** The security delay before a crypto withdrawal is sent (cancellable meanwhile). */
  WITHDRAWAL_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(WITHDRAWAL_DELAY_DEFAULT_SECONDS),
  /** How long a conversion or staking quote holds its rate (30 s; browser tests shorten it). */
  CONVERT_QUOTE_TTL_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** The settlement delay of a Liquid vault withdrawal (24 h; browser tests shorten it). */
  EARN_SETTLEMENT_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(86_400),
  /**
   * The SMTP server mail leaves through: `smtp://user:password@host:587` (STARTTLS when the server offers it) or
   * `smtps://user:password@host:465`. Unset, mail stays in the outbox (`/sandbox/mail`); required in production.
   */
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'must be smtp://user:password@host:port or smtps://user:password@host:port')
    .optional(),
  /** The From of every mail, `Cash <no-reply@cash.example.com>` or a bare address; required with SMTP_URL. */
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'must be an address, like Cash <no-reply@cash.example.com>',
    )
    .optional(),
  /** Run background jobs in this process (every process may; rows are claimed, never run twice). */
  JOBS: z.enum(['on', 'off']).default('on'),
  /** How long a claimed job stays claimed: a process that dies mid-job leaves it to another after this long. */
  JOB_LOCK_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * Bearer token the Prometheus scraper sends to GET /app/cash/metrics; without it the metrics are open outside
   * production and absent in production.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Where a PGlite server writes a backup when it gets SIGUSR2 (`npm run backup` sends it). */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  /** The built pages (vite build output). */
  DIST_DIR: z.string().min(1).default('dist'),
  /**
   * `npm run bench` only: the folder of the bare React page it built, served at /app/cash/bench/bare beside the
   * pages (server/http/bench-page.ts). Unset, there is no such page; refused in production.
   */
  CASH_BENCH_PAGE_DIR: z.string().min(1).optional(),
})

export type Config = z.infer<typeof ConfigSchema>

/** The key the source gives: known to anyone who reads it, so refused in production and replaced in development. */
export const SANDBOX_SECRET = 'sandbox-webhook-secret-not-for-production'

/** Thrown at start when the environment is wrong; lists every bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

/**
 * What production needs beyond the schema, every problem at once: a real webhook secret; the public https address
 * (links in e-mails and referral links must not be built from whatever Host a request names); Secure cookies; a mail
 * server (without one, invitations and codes would be recorded as sent and reach nobody); data keys kept outside the
 * database (a key of the install's own beside a copy of the database would open it); no bench page.
 */
function productionProblems(config: Config): [keyof Config, string][] {
  const problems: [keyof Config, string][] = []
  if (config.WEBHOOK_SECRET === SANDBOX_SECRET) problems.push(['WEBHOOK_SECRET', 'set a real secret in production'])
  if (!config.PUBLIC_ORIGIN)
    problems.push(['PUBLIC_ORIGIN', 'set the https:// address people open Cash at, like https://cash.example.com'])
  else if (!config.PUBLIC_ORIGIN.startsWith('https://'))
    problems.push(['PUBLIC_ORIGIN', `must be https:// in production (got ${config.PUBLIC_ORIGIN})`])
  if (!config.COOKIE_SECURE)
    problems.push(['COOKIE_SECURE', 'cannot be false in production: sessions travel only over HTTPS'])
  if (!config.SMTP_URL)
    problems.push([
      'SMTP_URL',
      'set the SMTP server mail leaves through, like smtps://user:password@smtp.example.com:465, and MAIL_FROM',
    ])
  if (!config.DATA_KEYS)
    problems.push([
      'DATA_KEYS',
      'set the keys account numbers, IBANs and identity documents are sealed with, like k1:<base64 of 32 random bytes>',
    ])
  if (config.PASSWORD_COST !== 'standard')
    problems.push(['PASSWORD_COST', 'the test work factor is for test suites, never in production'])
  if (config.CASH_BENCH_PAGE_DIR)
    problems.push(['CASH_BENCH_PAGE_DIR', 'the bench page is for `npm run bench`, never in production'])
  return problems
}

/** A value as a refusal prints it: a URL's user and password never reach a log line. */
const shown = (value: string | undefined) => JSON.stringify(value?.replace(/^([a-z][a-z0-9+.-]*:\/\/).*@/i, '$1…@'))

/** Reads the configuration, failing fast with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(Object.keys(ConfigSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]))
  // In production cookies are Secure unless said otherwise (and saying otherwise is refused below).
  if (picked.CASH_ENV === 'production' && picked.COOKIE_SECURE === undefined) picked.COOKIE_SECURE = 'true'
  const result = ConfigSchema.safeParse(picked)
  if (result.success) {
    // PGlite is one process's own database, with one role: there is no owner to migrate as.
    if (result.data.DATABASE_OWNER_URL && !result.data.DATABASE_URL)
      throw new ConfigError(
        `Invalid configuration:\n  DATABASE_OWNER_URL: needs DATABASE_URL, ` +
          `the application role's URL for the same PostgreSQL database`,
      )
    // Mail needs its sender wherever it really leaves.
    if (result.data.SMTP_URL && !result.data.MAIL_FROM)
      throw new ConfigError(
        `Invalid configuration:\n  MAIL_FROM: set the address mail is ` +
          `sent from, like Cash <no-reply@cash.example.com>: SMTP_URL is set`,
      )
    // A link in mail that leaves is never made from the request's Host: anyone may send a password reset request
    // with `Host: evil.example`, and the holder would get a reset link (with its token) to that site.
    if (result.data.SMTP_URL && !result.data.PUBLIC_ORIGIN && result.data.CASH_ENV !== 'production')
      throw new ConfigError(
        `Invalid configuration:\n  PUBLIC_ORIGIN: set the address people open Cash at, like ` +
          `https://cash.example.com: SMTP_URL is set, and a link mailed out is never made from a request's Host`,
      )
    const refused = result.data.CASH_ENV === 'production' ? productionProblems(result.data) : []
    if (refused.length)
      throw new ConfigError(
        `Invalid configuration for production:\n${refused.map(([key, why]) => `  ${key}: ${why}`).join('\n')}`,
      )
    return result.data
  }
  // A key is never printed, even a malformed one (it may be a real key with a typo).
  const got = (key: string) => (key === 'DATA_KEYS' ? 'a value not shown' : shown(picked[key]))
  const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${got(String(i.path[0]))})`)
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
}
