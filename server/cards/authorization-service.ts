import { say } from '../../domain/error-message'
import type { Selectable } from 'kysely'
import { sql } from 'kysely'
import { z } from 'zod'
import { providerText } from '../../domain/plain-name'
import { onPurchaseCleared, onPurchaseRefunded } from '../membership/membership-service'
import {
  clearingWithinTolerance,
  decideAuthorization,
  DECLINE_REASONS,
  expiryMoment,
  holdDays,
  type DeclineReason,
} from '../../domain/authorization'
import { localDays } from '../../domain/calendar'
import { DomainError } from '../../domain/errors'
import { minBig as minOf, parsePositiveAmount, toDecimal } from '../../domain/money'
import { loadPosition } from '../accounts/account-service'
import { alertOnPurchase } from '../alerts/alert-evaluator'
import type { CardAuthorizationsTable } from '../db/schema'
import { cardRules, type CardSpent } from './card-batch-decide'
import type { Deps } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import { releaseHold, reserveHold, settleHold } from '../ledger/hold-service'
import { accountBalance, ledgerAccountId, lockAccounts, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { cancelWithdrawal } from '../money-out/withdrawals'
import { clawbackForRefund, earnCashback } from '../cashback/cashback-service'
import { clawbackReferral } from '../membership/referral-service'
import { title } from '../../domain/movement-title'
import { reason, storedReason, type MovementReason } from '../../domain/movement-reason'

/**
 * What each card spent (held or cleared) today and this month in its holder's time zone, from the running totals
 * (migration 0028), in one query.
 */
export async function cardSpending(
  db: Tx,
  cards: { cardId: string; today: string; monthFirst: string }[],
): Promise<Map<string, CardSpent>> {
  if (cards.length === 0) return new Map()
  const r = await sql<{ card_id: string; today: bigint; month: bigint }>`
    SELECT p.card_id, COALESCE(sum(d.amount) FILTER (WHERE d.day >= p.today), 0) AS today, COALESCE(sum(d.amount), 0)
      AS month
    FROM unnest(${cards.map((c) => c.cardId)}::uuid[], ${cards.map((c) => c.today)}::date[],
      ${cards.map((c) => c.monthFirst)}::date[]) AS p(card_id, today, month_first)
    LEFT JOIN card_spend_days d ON d.card_id = p.card_id AND d.day >= p.month_first
    GROUP BY p.card_id`.execute(db)
  return new Map(r.rows.map((row) => [row.card_id, { cardSpentToday: row.today, cardSpentThisMonth: row.month }]))
}

async function cardSpent(db: Tx, cardId: string, now: Date, zone: string): Promise<CardSpent> {
  return (await cardSpending(db, [{ cardId, ...localDays(now, zone) }])).get(cardId)!
}

/**
 * The ledger accounts a purchase moves between: cash in Direct Pay, borrowed (debt) in Borrow. `held` is the
 * account's ledger accounts as the position just read them (the holder's side is looked up only if missing).
 */
async function purchaseAccounts(
  deps: Deps,
  db: Tx,
  accountId: string,
  mode: 'direct_pay' | 'borrow',
  held: { id: string; code: string; asset: string }[] = [],
) {
  const code = mode === 'borrow' ? 'debt' : 'cash'
  return {
    from:
      held.find((la) => la.code === code && la.asset === 'USDC')?.id ??
      (await ledgerAccountId(db, deps.newId, { accountId, code, asset: 'USDC' })),
    to: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'card_settlement', asset: 'USDC' }),
  }
}

/**
 * A card network's `authorization.request` (and its timeout advice, which repeats it), parsed once where it comes in:
 * the batch (authorization-batch.ts), the one-event path and the advice all read it through here. The merchant's name
 * and city are the network's words that the holder (history, alerts) and admins read: made one plain line here
 * (toPlainText, domain/plain-name.ts), so nothing is cleaned again on the hot path. A name with nothing left (or sent
 * blank) is the purchase's merchant category code, `MCC 5812`: the purchase is still decided, never refused for it.
 */
export const AuthorizationRequest = z
  .object({
    networkId: z.string().min(1).max(64),
    cardId: z.uuid(),
    amount: z.string(),
    merchantName: z.string().max(60).pipe(providerText),
    merchantCity: z.string().max(40).pipe(providerText).default(''),
    mcc: z.string().regex(/^\d{4}$/),
  })
  .transform((e) => (e.merchantName ? e : { ...e, merchantName: `MCC ${e.mcc}` }))

/**
 * Decides a card authorization, inside the network's 2-second window: the card's state and limits, then
 * spendable. Approved → a hold for the amount. A purchase that needs what a pending withdrawal reserved
 * cancels the withdrawal, never the purchase. Every decision is recorded with its reason.
 */
export async function authorize(deps: Deps, db: Tx, raw: unknown) {
  const e = AuthorizationRequest.parse(raw)
  const amount = parsePositiveAmount(e.amount, 'USDC')
  const now = deps.now()
  const card = await db.selectFrom('cards').selectAll().where('id', '=', e.cardId).executeTakeFirst()
  if (!card) throw new DomainError('not_found', say('unknown_card'))
  const account = await db
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', card.account_id)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  const rules = {
    accountFrozen: account.frozen_at !== null,
    card: cardRules(card),
    amount,
    mcc: e.mcc,
    ...(await cardSpent(db, card.id, now, account.time_zone)),
  }
  const { spendable, ledger } = await loadPosition(db, account.id, now, deps.prices(), { account })
  let decision = decideAuthorization({ ...rules, spendable })
  let cancelledWithdrawal: string | null = null
  if (
    !decision.approved &&
    account.mode === 'direct_pay' &&
    ['insufficient_spendable', 'over_daily_limit', 'over_monthly_limit'].includes(decision.reason)
  ) {
    // The card is never refused for money a pending withdrawal merely reserved: if freeing it is enough,
    // the withdrawal yields (cancelled, its reservation returned) and the purchase goes through.
    const pending = await db
      .selectFrom('withdrawals')
      .select(['id', 'amount', 'fee'])
      .where('account_id', '=', account.id)
      .where('status', '=', 'delayed')
      .where('asset', '=', 'USDC')
      .executeTakeFirst()
    if (pending) {
      const reserved = pending.amount + pending.fee
      const freed = {
        ...spendable,
        dailyLeft: spendable.dailyLeft + reserved,
        monthlyLeft: spendable.monthlyLeft + reserved,
        capacity: spendable.capacity + reserved,
      }
      const retry = decideAuthorization({
        ...rules,
        spendable: { ...freed, spendable: minOf(freed.dailyLeft, freed.monthlyLeft, freed.capacity) },
      })
      if (retry.approved) {
        await cancelWithdrawal(deps, db, account.id, pending.id)
        await db
          .updateTable('withdrawals')
          .set({ failure_reason: storedReason(reason('reserved_for_card', {})) })
          .where('id', '=', pending.id)
          .execute()
        decision = retry
        cancelledWithdrawal = pending.id
      }
    }
  }
  const id = deps.newId()
  const expiresAt = new Date(now.getTime() + holdDays(e.mcc) * 86_400_000)
  let holdId: string | null = null
  if (decision.approved) {
    const { from, to } = await purchaseAccounts(deps, db, account.id, account.mode, ledger)
    holdId = deps.newId()
    await reserveHold(db, {
      id: holdId,
      kind: 'card_authorization',
      accountId: account.id,
      debitLedgerAccountId: from,
      creditLedgerAccountId: to,
      asset: 'USDC',
      amount,
      title: title('card', { merchant: e.merchantName }),
      reference: e.networkId,
      expiresAt,
    })
    await queueExpiry(deps, db, expiresAt)
  }
  const recorded = await db
    .insertInto('card_authorizations')
    .values({
      id,
      network_id: e.networkId,
      card_id: card.id,
      account_id: account.id,
      amount,
      merchant_name: e.merchantName,
      merchant_city: e.merchantCity,
      mcc: e.mcc,
      status: decision.approved ? 'approved' : 'declined',
      decline_reason: decision.approved ? null : decision.reason,
      hold_id: holdId,
      cancelled_withdrawal_id: cancelledWithdrawal,
      expires_at: expiresAt,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('network_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  // The network's timeout advice got here first (timeoutAdvice): the network declined this purchase, so the
  // whole decision, hold included, is rolled back with the transaction.
  if (!recorded) throw new DomainError('authorization_timed_out')
  if (decision.approved)
    await alertOnPurchase(deps, db, { accountId: account.id, authorizationId: id, amount, merchant: e.merchantName })
  return decision.approved
    ? { approved: true, authorizationId: id }
    : { approved: false, authorizationId: id, reason: decision.reason, message: DECLINE_REASONS[decision.reason] }
}

async function byNetworkId(db: Tx, networkId: string) {
  return db
    .selectFrom('card_authorizations')
    .selectAll()
    .where('network_id', '=', networkId)
    .forUpdate()
    .executeTakeFirst()
}

/**
 * A refund or reversal whose network id was seen before: the same one again changes nothing; the id on another
 * purchase or amount is the network's mistake, refused (400, not retried) as an increment's is, never dropped unseen.
 */
async function refuseReusedId(
  db: Tx,
  table: 'card_refunds' | 'card_reversals',
  networkId: string,
  authorizationId: string | null,
  amount: bigint,
): Promise<void> {
  const [column, field] =
    table === 'card_refunds' ? ['network_refund_id', 'refundId'] : ['network_reversal_id', 'reversalId']
  const seen = await sql<{ authorization_id: string | null; amount: bigint }>`
    SELECT authorization_id, amount FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${networkId}`.execute(db)
  const row = seen.rows[0]
  if (row && (row.authorization_id !== authorizationId || BigInt(row.amount) !== amount))
    throw new DomainError(
      'invalid_request',
      say('note', { text: `This ${field} names another ${field.slice(0, -2)}.` }),
    )
}

async function failedRecon(
  deps: Deps,
  db: Tx,
  networkId: string,
  auth: Selectable<CardAuthorizationsTable> | undefined,
  amount: bigint,
  why: MovementReason,
) {
  await db
    .insertInto('failed_recons')
    .values({
      id: deps.newId(),
      network_id: networkId,
      authorization_id: auth?.id ?? null,
      amount,
      reason: storedReason(why),
    })
    .execute()
  deps.log.warn('failed recon', { networkId, reason: why })
}

const Clearing = z.object({ authorizationId: z.string(), amount: z.string() })
/** A refund carries the network's own id for it: without one, a refund could not be told from its redelivery. */
const Refund = Clearing.extend({ refundId: z.string().min(1).max(64) })

/**
 * A clearing posts the hold as a spend: part of it (the rest released), or up to 20 % more (tips). No
 * matching authorization, or more than 20 % off, is a failed recon for admins; nothing is posted.
 */
export async function clear(deps: Deps, db: Tx, raw: unknown) {
  const e = Clearing.parse(raw)
  const amount = parsePositiveAmount(e.amount, 'USDC')
  const auth = await byNetworkId(db, e.authorizationId)
  if (auth?.status !== 'approved' || !auth.hold_id)
    return failedRecon(
      deps,
      db,
      e.authorizationId,
      auth,
      amount,
      auth ? reason('recon_authorization_not_open', { status: auth.status }) : reason('recon_no_authorization', {}),
    )
  if (!clearingWithinTolerance(auth.amount, amount))
    return failedRecon(
      deps,
      db,
      e.authorizationId,
      auth,
      amount,
      reason('recon_outside_tolerance', { cleared: String(amount), authorized: String(auth.amount) }),
    )
  await postClearing(deps, db, auth, amount)
}

/**
 * Posts a clearing against an approved authorization with a pending hold, exactly as a matched clearing does
 * (an admin matching a failed recon comes here too): returns the journal's id.
 */
export async function postClearing(
  deps: Deps,
  db: Tx,
  auth: Selectable<CardAuthorizationsTable>,
  amount: bigint,
): Promise<string> {
  if (!auth.hold_id) throw new DomainError('hold_not_pending', say('authorization_no_hold'))
  // The purchase is paid the way it was approved (cash in Direct Pay, borrowed in Borrow), even if the mode
  // switched between authorization and clearing.
  const hold = await db
    .selectFrom('holds')
    .select(['debit_ledger_account_id', 'credit_ledger_account_id'])
    .where('id', '=', auth.hold_id)
    .executeTakeFirstOrThrow()
  const [from, to] = [hold.debit_ledger_account_id, hold.credit_ledger_account_id]
  const journalId = deps.newId()
  const cardTitle = title('card', { merchant: auth.merchant_name })
  /** What the holder pays of the cleared amount (all of it, unless a tip goes beyond their free cash). */
  let charged = amount
  if (amount <= auth.amount) {
    await settleHold(db, {
      holdId: auth.hold_id,
      journalId,
      kind: 'card_spend',
      title: cardTitle,
      now: deps.now(),
      entries: [
        { ledgerAccountId: from, side: 'debit', amount, asset: 'USDC' },
        { ledgerAccountId: to, side: 'credit', amount, asset: 'USDC' },
      ],
    })
  } else {
    // Over-capture: the hold is released and the full cleared amount posted in one journal.
    await releaseHold(db, auth.hold_id, 'voided', deps.now())
    // A network's clearing cannot be refused: the platform owes the merchant what was cleared. The holder pays it as
    // far as their free cash goes (the hold, just released, at least); what is beyond (a tip on a purchase that took
    // every dollar) is a failed recon for admins, never a clearing refused whole while the hold expires and gives
    // the purchase back.
    const payer = (await lockAccounts(db, [from])).get(from)!
    const free = payer.no_overdraft && payer.normal === 'credit' ? accountBalance(payer).available : amount
    charged = free < amount ? (free > auth.amount ? free : auth.amount) : amount
    await db
      .updateTable('holds')
      .set({ status: 'posted', posted_amount: charged })
      .where('id', '=', auth.hold_id)
      .execute()
    await postJournal(db, {
      id: journalId,
      kind: 'card_spend',
      accountId: auth.account_id,
      title: cardTitle,
      reference: auth.network_id,
      holdId: auth.hold_id,
      entries: [
        { ledgerAccountId: from, side: 'debit', amount: charged, asset: 'USDC' },
        { ledgerAccountId: to, side: 'credit', amount: charged, asset: 'USDC' },
      ],
    })
    if (charged < amount)
      await failedRecon(
        deps,
        db,
        auth.network_id,
        auth,
        amount - charged,
        reason('recon_over_capture_unfunded', { cleared: String(amount), charged: String(charged) }),
      )
  }
  await db
    .updateTable('card_authorizations')
    .set({ status: 'cleared', cleared_amount: charged, updated_at: deps.now() })
    .where('id', '=', auth.id)
    .execute()
  // What the holder was left paying: a refund paid before the clearing (a failed recon an admin refunded) earns
  // nothing.
  const spent = charged > auth.refunded_amount ? charged - auth.refunded_amount : 0n
  if (spent > 0n) {
    await earnCashback(deps, db, auth, spent)
    await onPurchaseCleared(deps, db, auth, spent)
  }
  return journalId
}

/**
 * Replaces an open authorization's hold by one for `total` (an increment raises it, a partial reversal lowers it): one
 * hold per authorization keeps clearing, reversal and expiry exactly as they are. The new hold keeps the old one's
 * expiry and its date, so the account's daily and monthly limits count it where they did.
 */
async function replaceHold(
  deps: Deps,
  db: Tx,
  auth: Selectable<CardAuthorizationsTable> & { hold_id: string },
  total: bigint,
) {
  const now = deps.now()
  const old = await db.selectFrom('holds').selectAll().where('id', '=', auth.hold_id).executeTakeFirstOrThrow()
  await releaseHold(db, old.id, 'voided', now)
  const holdId = deps.newId()
  await reserveHold(db, {
    id: holdId,
    kind: 'card_authorization',
    accountId: auth.account_id,
    debitLedgerAccountId: old.debit_ledger_account_id,
    creditLedgerAccountId: old.credit_ledger_account_id,
    asset: 'USDC',
    amount: total,
    title: old.title,
    reference: auth.network_id,
    expiresAt: auth.expires_at,
  })
  await db.updateTable('holds').set({ created_at: old.created_at }).where('id', '=', holdId).execute()
  await db
    .updateTable('card_authorizations')
    .set({ amount: total, hold_id: holdId, updated_at: now })
    .where('id', '=', auth.id)
    .execute()
}

/**
 * A reversal with an amount may lower the hold partly, so it carries the network's own id for it (`reversalId`):
 * without one, a partial reversal could not be told from its redelivery. One without an amount reverses it all.
 */
const Reversal = z
  .object({
    authorizationId: z.string(),
    amount: z.string().optional(),
    reversalId: z.string().min(1).max(64).optional(),
  })
  .refine((e) => e.amount === undefined || e.reversalId !== undefined, {
    path: ['reversalId'],
    message: 'A reversal with an amount carries the network’s reversalId.',
  })

/**
 * The merchant cancelled before clearing: the hold is released. A partial reversal (a fuel pump's pre-authorization
 * brought down to what was pumped, a hotel's to the stay) lowers the hold to what is left, and the purchase stays open
 * for its clearing: releasing it all left that clearing without a purchase, paid by the platform.
 */
export async function reverse(deps: Deps, db: Tx, raw: unknown) {
  const e = Reversal.parse(raw)
  const auth = await byNetworkId(db, e.authorizationId)
  const amount = e.amount === undefined ? auth?.amount : parsePositiveAmount(e.amount, 'USDC')
  // The network's id for it kept first (the purchase's row is locked above): the same reversal delivered again
  // under another event id finds it and moves nothing.
  if (e.reversalId !== undefined && amount !== undefined) {
    const first = await db
      .insertInto('card_reversals')
      .values({
        id: deps.newId(),
        network_reversal_id: e.reversalId,
        authorization_id: auth?.id ?? null,
        amount,
        created_at: deps.now(),
      })
      .onConflict((oc) => oc.column('network_reversal_id').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!first) return refuseReusedId(db, 'card_reversals', e.reversalId, auth?.id ?? null, amount)
  }
  if (auth?.status !== 'approved' || !auth.hold_id || amount === undefined) return
  if (amount < auth.amount) return replaceHold(deps, db, { ...auth, hold_id: auth.hold_id }, auth.amount - amount)
  await releaseHold(db, auth.hold_id, 'voided', deps.now())
  await db
    .updateTable('card_authorizations')
    .set({ status: 'reversed', updated_at: deps.now() })
    .where('id', '=', auth.id)
    .execute()
}

/**
 * A refund of a cleared purchase arrives as USDC in cash (in Borrow mode it does not reduce the debt by itself).
 * It claws back the purchase's cashback in proportion: pending lines give it up; what was already paid is kept
 * from the refund and returned to the cashback pool, in the same journal.
 */
export async function refund(deps: Deps, db: Tx, raw: unknown) {
  const e = Refund.parse(raw)
  const amount = parsePositiveAmount(e.amount, 'USDC')
  const auth = await byNetworkId(db, e.authorizationId)
  // One refund is paid once: the network's id for it is kept first, so the same refund delivered again under another
  // event id (a retry, a clearing file sent twice) finds it and changes nothing, not even a second failed recon.
  const first = await db
    .insertInto('card_refunds')
    .values({
      id: deps.newId(),
      network_refund_id: e.refundId,
      authorization_id: auth?.id ?? null,
      amount,
      created_at: deps.now(),
    })
    .onConflict((oc) => oc.column('network_refund_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!first) return refuseReusedId(db, 'card_refunds', e.refundId, auth?.id ?? null, amount)
  if (!auth || (auth.status !== 'cleared' && auth.status !== 'refunded'))
    return failedRecon(deps, db, e.authorizationId, auth, amount, reason('recon_refund_without_purchase', {}))
  // What the merchant refunds adds up to at most what it was paid: the rest (a replay under a new event id, a
  // mistake) waits for an admin as a failed recon rather than paying the holder money that was never spent.
  const cleared = auth.cleared_amount ?? auth.amount
  if (auth.refunded_amount + amount > cleared)
    return failedRecon(
      deps,
      db,
      e.authorizationId,
      auth,
      amount,
      reason('recon_refund_over_purchase', { refunded: String(auth.refunded_amount), cleared: String(cleared) }),
    )
  // The referrer's 1 % of the purchase goes with it (before the journal: see clawbackReferral).
  await clawbackReferral(db, auth, amount)
  const clawedFromRefund = await clawbackForRefund(db, auth, amount)
  const toHolder = amount - clawedFromRefund
  await postJournal(db, {
    id: deps.newId(),
    kind: 'card_refund',
    accountId: auth.account_id,
    title: title('card_refund', {
      merchant: auth.merchant_name,
      ...(clawedFromRefund > 0n ? { cashbackReturned: String(clawedFromRefund) } : {}),
    }),
    reference: auth.network_id,
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, {
          accountId: null,
          code: 'card_settlement',
          asset: 'USDC',
        }),
        side: 'debit',
        amount,
        asset: 'USDC',
      },
      ...(toHolder > 0n
        ? [
            {
              ledgerAccountId: await ledgerAccountId(db, deps.newId, {
                accountId: auth.account_id,
                code: 'cash',
                asset: 'USDC',
              }),
              side: 'credit' as const,
              amount: toHolder,
              asset: 'USDC' as const,
            },
          ]
        : []),
      ...(clawedFromRefund > 0n
        ? [
            {
              ledgerAccountId: await ledgerAccountId(db, deps.newId, {
                accountId: null,
                code: 'cashback_pool',
                asset: 'USDC',
              }),
              side: 'credit' as const,
              amount: clawedFromRefund,
              asset: 'USDC' as const,
            },
          ]
        : []),
    ],
  })
  await db
    .updateTable('card_authorizations')
    .set({ status: 'refunded', refunded_amount: auth.refunded_amount + amount, updated_at: deps.now() })
    .where('id', '=', auth.id)
    .execute()
  await onPurchaseRefunded(deps, db, auth, amount)
}

/** The job that expires the card holds due at a moment (one per moment, however many holds). */
export const CARD_EXPIRE_DUE_JOB = 'card.expire-due'

/** The expiry job for the moment a hold ending at `expiresAt` is let go of (`expiryMoment`), unless one is queued. */
async function queueExpiry(deps: Deps, db: Tx, expiresAt: Date) {
  const at = expiryMoment(expiresAt)
  const queued = await db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'pending')
    .where('run_at', '=', at)
    .where('kind', '=', CARD_EXPIRE_DUE_JOB)
    .executeTakeFirst()
  if (!queued) await enqueue(db, deps, { kind: CARD_EXPIRE_DUE_JOB, payload: { until: at.toISOString() }, runAt: at })
}

/** How many authorizations one pass of `expireDue` reads at a time. */
const EXPIRE_PAGE = 200

/**
 * The job at an expiry moment (`card.expire-due`, queued once per moment by the decisions that hold until it):
 * every approved purchase whose hold expires by then, and by now, lets it go, each in its own transaction.
 */
export async function expireDue(deps: Deps, until: Date) {
  const cutoff = new Date(Math.min(until.getTime(), deps.now().getTime()))
  let after: { expiresAt: Date; id: string } | null = null
  for (;;) {
    let query = deps.db.kysely
      .selectFrom('card_authorizations')
      .select(['id', 'expires_at'])
      .where('status', '=', 'approved')
      .where('expires_at', '<=', cutoff)
    if (after) {
      const from = after
      query = query.where((eb) =>
        eb.or([
          eb('expires_at', '>', from.expiresAt),
          eb.and([eb('expires_at', '=', from.expiresAt), eb('id', '>', from.id)]),
        ]),
      )
    }
    const due = await query.orderBy('expires_at').orderBy('id').limit(EXPIRE_PAGE).execute()
    for (const { id } of due) await deps.db.kysely.transaction().execute((tx) => expireAuthorization(deps, tx, id))
    if (due.length < EXPIRE_PAGE) return
    after = { expiresAt: due.at(-1)!.expires_at, id: due.at(-1)!.id }
  }
}

/**
 * A purchase never cleared lets its hold go once its time has come (`expireDue`; `card.expire` jobs queued before it).
 */
export async function expireAuthorization(deps: Deps, db: Tx, authorizationId: string) {
  const auth = await db
    .selectFrom('card_authorizations')
    .selectAll()
    .where('id', '=', authorizationId)
    .forUpdate()
    .executeTakeFirst()
  if (auth?.status !== 'approved' || !auth.hold_id || auth.expires_at.getTime() > deps.now().getTime()) return
  await releaseHold(db, auth.hold_id, 'expired', deps.now())
  await db
    .updateTable('card_authorizations')
    .set({ status: 'expired', updated_at: deps.now() })
    .where('id', '=', auth.id)
    .execute()
}

/**
 * The network's timeout advice: our answer did not reach it inside its window, so it told the merchant
 * "declined" and now tells us. What the network believes stands: an approval already written is declined as
 * `timeout` and its hold voided at once (the purchase was never made); a decision not written yet is recorded
 * declined first, so when it commits it finds the network id taken and rolls back, hold and all. Both sides
 * meet on the network id's unique key, so the order does not matter, with one process or many.
 */
export async function timeoutAdvice(deps: Deps, db: Tx, raw: unknown) {
  const e = AuthorizationRequest.parse(raw)
  const amount = parsePositiveAmount(e.amount, 'USDC')
  const now = deps.now()
  const card = await db.selectFrom('cards').select(['id', 'account_id']).where('id', '=', e.cardId).executeTakeFirst()
  if (!card) return
  const first = await db
    .insertInto('card_authorizations')
    .values({
      id: deps.newId(),
      network_id: e.networkId,
      card_id: card.id,
      account_id: card.account_id,
      amount,
      merchant_name: e.merchantName,
      merchant_city: e.merchantCity,
      mcc: e.mcc,
      status: 'declined',
      decline_reason: 'timeout',
      hold_id: null,
      expires_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('network_id').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (first) return
  const auth = await byNetworkId(db, e.networkId)
  if (auth?.status !== 'approved' || !auth.hold_id) return
  await releaseHold(db, auth.hold_id, 'voided', now)
  await db
    .updateTable('card_authorizations')
    .set({ status: 'declined', decline_reason: 'timeout', updated_at: now })
    .where('id', '=', auth.id)
    .execute()
}

const Increment = z.object({ incrementId: z.string().min(1).max(64), authorizationId: z.string(), amount: z.string() })

/**
 * An incremental authorization (a hotel stay extended, a fuel pump topped up): the network asks to raise an
 * approved authorization by `amount`. Decided by the same rules as a purchase (the card's state, its limits
 * with what is already held, then spendable). Approved → the hold is replaced by one for the total, with the
 * same expiry, so a later clearing matches the total. Declined → the authorization stays as it was. Either
 * way the increment is recorded with its reason. A pending withdrawal does not yield to an increment.
 */
export async function authorizeIncrement(deps: Deps, db: Tx, raw: unknown) {
  const e = Increment.parse(raw)
  const amount = parsePositiveAmount(e.amount, 'USDC')
  const now = deps.now()
  const auth = await byNetworkId(db, e.authorizationId)
  if (!auth) throw new DomainError('not_found', say('unknown_authorization'))
  // The same increment delivered again under another event id (a retry): answered as it was decided, nothing held
  // twice. Its authorization's row is locked above, so two deliveries at once take turns and the second finds it.
  const seen = await db
    .selectFrom('card_authorization_increments')
    .selectAll()
    .where('network_increment_id', '=', e.incrementId)
    .executeTakeFirst()
  if (seen) {
    if (seen.authorization_id !== auth.id || seen.amount !== amount)
      throw new DomainError('invalid_request', say('note', { text: 'This incrementId names another increment.' }))
    const reason = seen.decline_reason as DeclineReason | null
    const total = toDecimal(seen.total ?? auth.amount, 'USDC')
    return seen.status === 'approved'
      ? { approved: true, authorizationId: auth.id, total }
      : {
          approved: false,
          authorizationId: auth.id,
          total,
          reason,
          message: reason ? DECLINE_REASONS[reason] : null,
        }
  }
  const record = async (status: 'approved' | 'declined', reason: DeclineReason | null, total: bigint) =>
    db
      .insertInto('card_authorization_increments')
      .values({
        id: deps.newId(),
        authorization_id: auth.id,
        network_increment_id: e.incrementId,
        amount,
        status,
        decline_reason: reason,
        total,
        created_at: now,
      })
      .execute()
  if (auth.status !== 'approved' || !auth.hold_id) {
    await record('declined', 'authorization_closed', auth.amount)
    return {
      approved: false,
      authorizationId: auth.id,
      total: toDecimal(auth.amount, 'USDC'),
      reason: 'authorization_closed',
      message: DECLINE_REASONS.authorization_closed,
    }
  }
  const card = await db.selectFrom('cards').selectAll().where('id', '=', auth.card_id).executeTakeFirstOrThrow()
  const account = await db
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', auth.account_id)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  const { spendable } = await loadPosition(db, account.id, now, deps.prices(), { account })
  const decision = decideAuthorization({
    // An increment reserves more of the account's money: a frozen account refuses it as it refuses a purchase.
    accountFrozen: account.frozen_at !== null,
    card: cardRules(card),
    amount,
    alreadyAuthorized: auth.amount,
    mcc: auth.mcc,
    ...(await cardSpent(db, card.id, now, account.time_zone)),
    spendable,
  })
  if (!decision.approved) {
    await record('declined', decision.reason, auth.amount)
    return {
      approved: false,
      authorizationId: auth.id,
      total: toDecimal(auth.amount, 'USDC'),
      reason: decision.reason,
      message: DECLINE_REASONS[decision.reason],
    }
  }
  const total = auth.amount + amount
  // Replace, not add: one hold per authorization.
  await replaceHold(deps, db, { ...auth, hold_id: auth.hold_id }, total)
  await record('approved', null, total)
  return { approved: true, authorizationId: auth.id, total: toDecimal(total, 'USDC') }
}

export const cardEvents = {
  'authorization.request': authorize,
  'authorization.incremental': authorizeIncrement,
  'authorization.timeout': timeoutAdvice,
  clearing: clear,
  reversal: reverse,
  refund,
}
