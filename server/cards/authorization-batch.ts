import type { Selectable } from 'kysely'
import { sql } from 'kysely'
import { decideAuthorization, DECLINE_REASONS, holdDays } from '../../domain/authorization'
import { purchaseAlerts } from '../../domain/alerts'
import { SPEND_HOLD_KINDS, WITHDRAWAL_HOLD_KIND } from '../../domain/activity-kinds'
import { parsePositiveAmount } from '../../domain/money'
import { positionOf, type LimitCounts } from '../accounts/account-service'
import { EVALUATE_ALERTS_JOB } from '../alerts/alert-checks'
import { notify } from '../alerts/notifications-service'
import type { AccountsTable, CardsTable } from '../db/schema'
import { batchesInFlight, groupCommits, lastBeforeCommit, NO_LAST_STATEMENT } from '../db/group-commit'
import type { Deps } from '../http/route-table'
import { ledgerAccountId, withinBalance, type LedgerAccount } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { AuthorizationRequest, cardRules, type CardSpent } from './authorization-service'
import { title } from '../../domain/movement-title'

/** A signed `authorization.request` as the webhook received it. */
export type CardEvent = { id: string; type: string; created: string; data: Record<string, unknown> }
export type WebhookAnswer = { received: true; duplicate: boolean; result?: Record<string, unknown> }

type Request = {
  event: CardEvent
  input: { networkId: string; cardId: string; amount: bigint; merchantName: string; merchantCity: string; mcc: string }
  resolve: (answer: WebhookAnswer) => void
  reject: (error: unknown) => void
}

/** The most decisions one commit carries: enough to share a commit widely, few enough to keep each statement small. */
const MAX_BATCH = 128

/**
 * Thrown inside a batch to roll it all back and decide each request on its own (rare: a race the batch does not
 * settle).
 */
class BatchAbandoned extends Error {}

/**
 * Card decisions in shared commits. The card network sends `authorization.request` events one by one and waits
 * up to 2 s for each; a transaction per decision caps the engine at the database's commit rate. Here the requests
 * that arrive while a batch is being decided wait for the next one, and each batch is one transaction of four
 * statements: BEGIN, one read (`read_card_batch`: the accounts locked in id order, the cards, positions, limits
 * and events already seen), the decisions made here in arrival order against the position as the earlier
 * decisions of the batch left it (domain/authorization.ts), one write (`write_card_decisions`: holds, pending
 * totals, expiry jobs, alert marks, the decisions and the events with their answers), COMMIT. Both functions are
 * in migration 0030. Each request is answered only after its batch commits (the queue: server/db/group-commit.ts).
 *
 * What the batch does not decide by itself goes to `one` (the one-event path, a transaction each) after the batch
 * commits: an unknown card, a repeated event, a purchase that may need a pending withdrawal's reservation, an account
 * without a USDC ledger account yet. If the batch fails (a conflict with a timeout advice, a deadlock), it is rolled
 * back whole and every request in it goes to `one`, which answers each with its own outcome or error.
 */
export function authorizationBatcher(deps: Deps, one: (event: CardEvent) => Promise<WebhookAnswer>) {
  let settlementId: string | null = null

  async function alone(requests: Request[]) {
    for (const r of requests) await one(r.event).then(r.resolve, r.reject)
  }

  async function runBatch(batch: Request[]) {
    let answered: { request: Request; answer: WebhookAnswer }[]
    let deferred: Request[]
    try {
      const outcome = await deps.db.kysely.transaction().execute((tx) => decideBatch(deps, tx, batch, settlementId))
      // The write's outcome, known once its COMMIT answered: a failed write made that COMMIT a rollback.
      const writeFailed = await outcome.written
      if (writeFailed) throw conflictOr(writeFailed)
      settlementId = outcome.settlementId
      answered = outcome.answered
      deferred = outcome.deferred
    } catch (error) {
      if (!(error instanceof BatchAbandoned))
        deps.log.warn('card decision batch rolled back; deciding each alone', {
          size: batch.length,
          error: String(error),
        })
      return alone(batch)
    }
    for (const { request, answer } of answered) request.resolve(answer)
    await alone(deferred)
  }

  const enqueue = groupCommits(runBatch, { maxBatch: MAX_BATCH, inFlight: batchesInFlight(deps.db.driver) })

  return {
    /** Decides one card authorization request: resolves with the webhook's answer once it is committed. */
    submit(event: CardEvent): Promise<WebhookAnswer> {
      let input: Request['input']
      try {
        const e = AuthorizationRequest.parse(event.data)
        input = { ...e, amount: parsePositiveAmount(e.amount, 'USDC') }
      } catch {
        return one(event) // the one-event path answers a malformed request with its error
      }
      return new Promise((resolve, reject) => {
        enqueue({ event, input, resolve, reject })
      })
    },
  }
}

/** What `read_card_batch` (migration 0030) answers, amounts as decimal text. */
type BatchRead = {
  cards: {
    id: string
    account_id: string
    kind: CardRow['kind']
    status: CardRow['status']
    shipping_status: CardRow['shipping_status']
    per_purchase_limit: string | null
    daily_limit: string | null
    monthly_limit: string | null
    blocked_categories: string[]
  }[]
  accounts: {
    id: string
    mode: AccountRow['mode']
    frozen: boolean
    daily_limit: string
    monthly_limit: string
    counted_today: string
    counted_month: string
    held_spend: string
    held_withdrawal: string
    alerting: boolean
  }[]
  ledger: (Omit<
    LedgerAccount,
    'debits_posted' | 'credits_posted' | 'debits_pending' | 'credits_pending' | 'created_at'
  > & {
    debits_posted: string
    credits_posted: string
    debits_pending: string
    credits_pending: string
    created_at: string
  })[]
  spent: { card_id: string; today: string; month: string }[]
  recorded: string[]
  watchers: { account_id: string; user_id: string; purchase_above: string }[]
}
type CardRow = Selectable<CardsTable>
/** An account as the batch decides on it; `counted` moves with each approval of the batch. */
/** `alerting`: the account has something for `alerts.evaluate` to look at (it borrows, or a member set alerts). */
type AccountState = {
  account: Pick<AccountRow, 'id' | 'mode' | 'daily_limit' | 'monthly_limit'> & { frozen: boolean }
  ledger: LedgerAccount[]
  counted: LimitCounts
  alerting: boolean
}
type AccountRow = Selectable<AccountsTable>
const orNull = (v: string | null) => (v === null ? null : BigInt(v))

/**
 * The batch's facts in one call (accounts locked in id order), typed: the cards' rules, each account's position
 * inputs, what each card spent, the events already recorded and the purchase watchers.
 */
async function readBatch(tx: Tx, cardIds: string[], eventIds: string[], now: Date) {
  const { rows } = await sql<{
    read: BatchRead
  }>`SELECT read_card_batch(${cardIds}::uuid[], ${eventIds}::text[], ${now.toISOString()}::timestamptz,
      ${[...SPEND_HOLD_KINDS]}::text[], ${WITHDRAWAL_HOLD_KIND}) AS read`.execute(tx)
  const read = rows[0]!.read
  const ledger = read.ledger.map((la) => ({
    ...la,
    debits_posted: BigInt(la.debits_posted),
    credits_posted: BigInt(la.credits_posted),
    debits_pending: BigInt(la.debits_pending),
    credits_pending: BigInt(la.credits_pending),
    created_at: new Date(la.created_at),
  }))
  return {
    cards: new Map(
      read.cards.map(
        (c) =>
          [
            c.id,
            {
              id: c.id,
              accountId: c.account_id,
              rules: cardRules({
                ...c,
                per_purchase_limit: orNull(c.per_purchase_limit),
                daily_limit: orNull(c.daily_limit),
                monthly_limit: orNull(c.monthly_limit),
              }),
            },
          ] as const,
      ),
    ),
    accounts: new Map(
      read.accounts.map((a) => {
        const counted: LimitCounts = {
          today: BigInt(a.counted_today),
          month: BigInt(a.counted_month),
          spend: BigInt(a.held_spend),
          withdrawal: BigInt(a.held_withdrawal),
        }
        const state: AccountState = {
          account: {
            id: a.id,
            mode: a.mode,
            frozen: a.frozen,
            daily_limit: BigInt(a.daily_limit),
            monthly_limit: BigInt(a.monthly_limit),
          },
          ledger: ledger.filter((la) => la.account_id === a.id),
          counted,
          alerting: a.alerting,
        }
        return [a.id, state] as const
      }),
    ),
    spent: new Map(
      read.spent.map(
        (s) => [s.card_id, { cardSpentToday: BigInt(s.today), cardSpentThisMonth: BigInt(s.month) }] as const,
      ),
    ),
    recorded: new Set(read.recorded),
    watchers: read.watchers.map((w) => ({
      account_id: w.account_id,
      user_id: w.user_id,
      purchase_above: BigInt(w.purchase_above),
    })),
  }
}

/** One batch, inside its transaction. Returns the answers to send after the commit and the requests left to `one`. */
async function decideBatch(deps: Deps, tx: Tx, batch: Request[], knownSettlementId: string | null) {
  const now = deps.now()
  const prices = deps.prices()
  const deferred: Request[] = []
  const {
    cards,
    accounts: state,
    spent,
    recorded,
    watchers,
  } = await readBatch(
    tx,
    [...new Set(batch.map((r) => r.input.cardId))],
    batch.map((r) => r.event.id),
    now,
  )
  // Each event decided once: a repeat (of an earlier batch, or twice in this one) is answered by `one` with what
  // was stored. The events are recorded with their answers when the batch is written; one recorded meanwhile by
  // another process makes that write refuse the batch, which is then decided request by request.
  const seen = new Set<string>()
  const decidable = batch.filter((r) =>
    cards.has(r.input.cardId) && !recorded.has(r.event.id) && !seen.has(r.event.id)
      ? (seen.add(r.event.id), true)
      : (deferred.push(r), false),
  )
  if (decidable.length === 0)
    return { answered: [], deferred, settlementId: knownSettlementId, written: NO_LAST_STATEMENT }
  const settlementId =
    knownSettlementId ??
    (await ledgerAccountId(tx, deps.newId, { accountId: null, code: 'card_settlement', asset: 'USDC' }))

  type Decided = {
    request: Request
    id: string
    accountId: string
    holdId: string | null
    from: string | null
    expiresAt: Date
    result: Record<string, unknown>
  }
  const decided: Decided[] = []
  const returned: Request[] = []
  for (const r of decidable) {
    const card = cards.get(r.input.cardId)!
    const s = state.get(card.accountId)!
    const cardSpent: CardSpent = spent.get(card.id)!
    const position = positionOf(s.account, s.ledger, s.counted, prices)
    const decision = decideAuthorization({
      accountFrozen: s.account.frozen,
      card: card.rules,
      amount: r.input.amount,
      mcc: r.input.mcc,
      ...cardSpent,
      spendable: position.spendable,
    })
    if (
      !decision.approved &&
      s.account.mode === 'direct_pay' &&
      position.holds.withdrawal > 0n &&
      ['insufficient_spendable', 'over_daily_limit', 'over_monthly_limit'].includes(decision.reason)
    ) {
      // A pending withdrawal may yield its reservation to this purchase: the one-event path decides that.
      returned.push(r)
      continue
    }
    const id = deps.newId()
    const expiresAt = new Date(now.getTime() + holdDays(r.input.mcc) * 86_400_000)
    if (!decision.approved) {
      decided.push({
        request: r,
        id,
        accountId: s.account.id,
        holdId: null,
        from: null,
        expiresAt,
        result: {
          approved: false,
          authorizationId: id,
          reason: decision.reason,
          message: DECLINE_REASONS[decision.reason],
        },
      })
      continue
    }
    const code = s.account.mode === 'borrow' ? 'debt' : 'cash'
    const from = s.ledger.find((la) => la.code === code && la.asset === 'USDC')
    if (!from) {
      returned.push(r) // its ledger account is created by the one-event path
      continue
    }
    // The batch's own effect on the position, for the decisions after this one.
    const pendingBefore = from.debits_pending
    from.debits_pending += r.input.amount
    if (!withinBalance(from, from.debits_posted, from.credits_posted, from.debits_pending, from.credits_pending)) {
      from.debits_pending = pendingBefore
      returned.push(r)
      continue
    }
    s.counted = {
      ...s.counted,
      spend: s.counted.spend + r.input.amount,
      today: s.counted.today + r.input.amount,
      month: s.counted.month + r.input.amount,
    }
    spent.set(card.id, {
      cardSpentToday: cardSpent.cardSpentToday + r.input.amount,
      cardSpentThisMonth: cardSpent.cardSpentThisMonth + r.input.amount,
    })
    decided.push({
      request: r,
      id,
      accountId: s.account.id,
      holdId: deps.newId(),
      from: from.id,
      expiresAt,
      result: { approved: true, authorizationId: id },
    })
  }
  deferred.push(...returned)
  if (decided.length === 0) return { answered: [], deferred, settlementId, written: NO_LAST_STATEMENT }

  const approved = decided.filter((d) => d.holdId !== null)
  // Each holder's ledger account reserves its purchases; card settlement is credited their sum once.
  const delta = new Map<string, { debit: bigint; credit: bigint }>()
  const add = (id: string, side: 'debit' | 'credit', amount: bigint) => {
    const d = delta.get(id) ?? { debit: 0n, credit: 0n }
    d[side] += amount
    delta.set(id, d)
  }
  for (const d of approved) {
    add(d.from!, 'debit', d.request.input.amount)
    add(settlementId, 'credit', d.request.input.amount)
  }
  // One row per decision (migration 0051): the holds and the events are read from the decisions; what the batch
  // shares (the account every hold credits, the time the decisions are made) is said once.
  const batchWrites = {
    settlement: settlementId,
    at: now.toISOString(),
    ledger: [...delta.keys()]
      .sort()
      .map((id) => ({ id, debit: String(delta.get(id)!.debit), credit: String(delta.get(id)!.credit) })),
    // Marked for alert evaluation: only the accounts with something to evaluate (migration 0041).
    marked: [...new Set(approved.filter((d) => state.get(d.accountId)!.alerting).map((d) => d.accountId))],
    decisions: decided.map((d) => {
      const e = d.request.input
      return {
        id: d.id,
        network_id: e.networkId,
        card_id: e.cardId,
        account_id: d.accountId,
        amount: String(e.amount),
        merchant_name: e.merchantName,
        merchant_city: e.merchantCity,
        mcc: e.mcc,
        expires_at: d.expiresAt.toISOString(),
        // An approval: its hold, the holder's ledger account it reserves and what the holder's history calls it.
        ...(d.holdId
          ? { hold_id: d.holdId, debit: d.from, title: title('card', { merchant: e.merchantName }) }
          : { decline_reason: d.result.reason }),
        event_id: d.request.event.id,
        event_type: d.request.event.type,
        payload: d.request.event.data,
        result: d.result,
      }
    }),
  }
  // The COMMIT goes right behind the write, without waiting for its answer (group-commit.ts); `runBatch` looks at
  // `written` once the transaction has ended.
  const written = lastBeforeCommit(
    sql`SELECT write_card_decisions(${JSON.stringify(batchWrites)}::jsonb, ${EVALUATE_ALERTS_JOB})`.execute(tx),
  )
  if (approved.length > 0 && watchers.length > 0) {
    // The alerts are written after the decisions they are about: here the write's answer is awaited first.
    const failed = await written
    if (failed) throw conflictOr(failed)
    for (const d of approved) {
      for (const w of watchers) {
        if (
          w.account_id !== d.accountId ||
          !purchaseAlerts(
            { purchaseAbove: w.purchase_above, dailySpendAbove: null, spendableBelow: null },
            d.request.input.amount,
          )
        )
          continue
        await notify(
          deps,
          tx,
          { userId: w.user_id, accountId: d.accountId },
          {
            kind: 'purchase_above',
            amount: d.request.input.amount,
            threshold: w.purchase_above!,
            merchant: d.request.input.merchantName,
            dedupeKey: `purchase:${d.id}`,
          },
        )
      }
    }
  }
  return {
    answered: decided.map((d) => ({
      request: d.request,
      answer: { received: true as const, duplicate: false, result: d.result },
    })),
    deferred,
    settlementId,
    written,
  }
}

/**
 * A network id or event recorded first elsewhere, or a ledger account changed under us (migration 0030): the batch
 * is undone and each request decided alone, which refuses exactly those. Anything else is an error as it is.
 */
const conflictOr = (error: unknown) =>
  error instanceof Error && error.message.includes('card_batch_conflict') ? new BatchAbandoned() : error
