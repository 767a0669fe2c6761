import type { ErrorMessage } from '../../domain/error-message'
import type { Context } from 'hono'
import type { z } from 'zod'
import type { MemberRole, PlatformRole } from '../../domain/account-rules'
import type { Membership } from '../../domain/api/auth.schema'
import { ProviderName } from '../../domain/api/meta.schema'
import type { PriceTable } from '../../domain/prices'
import type { PriceBook } from '../prices/price-book'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import type { Tx } from '../db/connect'
import type { IdempotencyRef, StoredResponse } from './idempotency'
import type { Logger } from '../log'
import type { SandboxClock } from '../jobs/sandbox-clock'

/** The outside parties a route can need (see `provider` on a route). */
export type Provider = ProviderName

/**
 * The providers this server has connected: the one answer both to which routes refuse (mount-routes.ts) and to
 * which rails pages offer (`/config`). This build has only the sandbox's, which fake the other side: all of them
 * off production, none in it (docs/operations.md, "Providers").
 */
export function connectedProviders(config: Pick<Config, 'CASH_ENV'>): readonly Provider[] {
  return config.CASH_ENV === 'production' ? [] : ProviderName.options
}

/** Who may call a route. Every route states one; the server checks it before anything else. */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  /** A member of the `:accountId` in the path with one of these roles. */
  | { kind: 'account'; roles: readonly MemberRole[] }
  | { kind: 'platform_admin' }

/** The signed-in caller. */
export type Principal = {
  userId: string
  email: string
  name: string
  platformRole: PlatformRole
  sessionId: string
  transport: 'cookie' | 'bearer'
  csrfToken: string
  memberships: Membership[]
}

/** What every handler is given: the database, settings, a clock and an id source (passed in for tests). */
export type Deps = {
  db: Db
  config: Config
  log: Logger
  now: () => Date
  /**
   * Real time, for what must not follow the sandbox's movable clock: sessions' idle timeout and lifetime (a tester
   * who advances the clock a day must not be signed out by it). Unset: the machine's clock; tests pass their own.
   */
  wallClock?: () => Date
  newId: () => string
  prices: () => PriceTable
  /** Where `prices` come from; admins change sandbox prices through it. */
  priceBook: PriceBook
  /** Set by createApp on test servers only (CASH_ENV=test): the clock `now` reads, which the sandbox moves forward. */
  sandboxClock?: SandboxClock
  /** Set by createApp: runs the jobs due now and answers how many ran (the sandbox's "run due jobs now"). */
  runDueJobs?: () => Promise<number>
  /**
   * Set by createApp: delivers a signed provider event to our own webhook endpoint and answers its response (sandbox
   * providers that wait for an answer, like the card network).
   */
  deliverWebhook?: (payload: {
    provider: string
    event: { id: string; type: string; created: string; data: Record<string, unknown> }
  }) => Promise<Response>
}

export type HandlerArgs<B, Q, P> = {
  c: Context
  deps: Deps
  /** The transaction of an idempotent request, else the plain database handle. */
  db: Tx
  body: B
  /** The request body as sent, for signature checks (webhooks). */
  rawBody: string | undefined
  query: Q
  params: P
  principal: Principal | null
}

type Schema = z.ZodType

export type RouteDef<B extends Schema, Q extends Schema, P extends Schema, R extends Schema> = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /** Path below `/app/cash/api/v1`, Hono style: `/accounts/:accountId/balances`. */
  path: string
  summary: string
  tag: string
  access: Access
  /** Moves money: needs an `Idempotency-Key` header and runs in one transaction with its key. */
  moneyMoving?: boolean
  /**
   * Every change to an account (a route under `/accounts/:accountId` that is not a GET) says what a frozen account
   * (an admin's freeze, issue 9) does with it: `refuse` what sends or commits money out (sends, withdrawals,
   * conversions, deposits into earn, repayments, card orders, promotional payouts, which wait for the review) or
   * hands the safe's funds to someone else (a recovery, its approval, a new recovery signer); `allow` money coming
   * in, cancelling what is in flight (which only returns money), quotes, and what moves nothing (settings, people,
   * saved recipients, verification). Required of every such route and of no other
   * (server/http/route-access.test.ts); card purchases are declined by the authorization engine (`account_frozen`).
   */
  whenFrozen?: 'refuse' | 'allow'
  /**
   * A money-moving route whose requests share commits (server/http/idempotent-batch.ts): given the server, what
   * takes the request's key and body and answers once its batch commits. Requests go there instead of to
   * `handler`, which must do the same for one request (routes are listed and described alike either way).
   */
  batch?: (deps: Deps) => { submit(ref: IdempotencyRef, body: z.output<B>): Promise<StoredResponse> }
  /**
   * Error statuses this route answers beyond those its mounting implies (server/http/error-statuses.ts): 410 for a
   * link or invitation that is spent, 429 for a limit on attempts.
   */
  errorStatuses?: number[]
  /** Part of the sandbox control API: refused in production mode. */
  sandbox?: boolean
  /**
   * The outside party that carries the action out (a bridge, the chain, bank rails, PIX, Plaid). This build has only
   * the sandbox's, which fakes their side (a delivery, a broadcast, a payout, a PIX paid): so where it is not among
   * `connectedProviders` (production) such a route answers `503 provider_unavailable` and does nothing, rather than
   * credit money no one sent or debit a holder for a payment no one makes (docs/operations.md, "Providers").
   */
  provider?: Provider
  /**
   * `space`: a NUL character in the body's text is made a space instead of refusing the call (400). For signed
   * provider events: a 400 tells the provider to stop retrying, so a transfer whose sender's name held a NUL was
   * never credited; the text is cleaned as the rest of a provider's text is.
   */
  nulInBody?: 'refuse' | 'space'
  /**
   * The request body cap in bytes (default DEFAULT_MAX_BODY_BYTES); a bigger body is refused before it is read, with
   * `field` naming where to show it.
   */
  maxBody?: { bytes: number; field?: string; message?: ErrorMessage }
  body?: B
  query?: Q
  params?: P
  response: R
  status?: 200 | 201
  /** `html` routes return a page (the API reference), `csv` a download; everything else is JSON. */
  produces?: 'json' | 'html' | 'csv'
  handler: (args: HandlerArgs<z.output<B>, z.output<Q>, z.output<P>>) => Promise<z.input<R>>
}

// The table holds routes of every body, query, params and answer; each is typed where it is defined.
// biome-ignore lint/suspicious/noExplicitAny: see above
export type AnyRoute = RouteDef<any, any, any, any>

/** Every route's request body cap unless it states its own (uploads do). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

/** Declares an API route; the only way a route reaches the server (see mount-routes.ts). */
export function defineRoute<B extends Schema, Q extends Schema, P extends Schema, R extends Schema>(
  def: RouteDef<B, Q, P, R>,
): RouteDef<B, Q, P, R> {
  return def
}
