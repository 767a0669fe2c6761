import type { Selectable } from 'kysely'
import { SPEND_HOLD_KINDS, WITHDRAWAL_HOLD_KIND } from '../../domain/activity-kinds'
import { purchaseAlerts } from '../../domain/alerts'
import { decideAuthorization, DECLINE_REASONS, expiryMoment, holdDays } from '../../domain/authorization'
import { title } from '../../domain/movement-title'
import type { PriceTable } from '../../domain/prices'
import { positionOf, type LimitCounts } from '../accounts/account-service'
import type { PurchaseAboveAlert } from '../alerts/alert-evaluator'
import { arrayText } from '../db/prepared'
import type { AccountsTable, CardsTable } from '../db/schema'
import { withinBalance, type LedgerAccount } from '../ledger/ledger-service'

/**
 * A card batch's decisions, as plain data in and out: no database, no server. The server's thread runs them between
 * the batch's read and write on PostgreSQL (authorization-batch.ts); on PGlite the database's own thread runs them
 * (card-batch-thread.ts), so a batch is read, decided, written and committed there without a crossing in between.
 */

export type CardSpent = { cardSpentToday: bigint; cardSpentThisMonth: bigint }

/** The card's side of the decision rules. */
export const cardRules = (
  card: Pick<
    Selectable<CardsTable>,
    | 'status'
    | 'kind'
    | 'shipping_status'
    | 'per_purchase_limit'
    | 'daily_limit'
    | 'monthly_limit'
    | 'blocked_categories'
  >,
) => ({
  status: card.status,
  activated: card.kind === 'virtual' || card.shipping_status === 'activated',
  perPurchaseLimit: card.per_purchase_limit,
  dailyLimit: card.daily_limit,
  monthlyLimit: card.monthly_limit,
  blockedCategories: card.blocked_categories,
})

/** The batch's read (`read_card_batch`, migrations 0030–0041): the accounts locked in id order, and their facts. */
export const READ_CARD_BATCH_SQL =
  'SELECT read_card_batch($1::uuid[], $2::text[], $3::timestamptz, $4::text[], $5) AS read'
/** The batch's write (`write_card_decisions`, migration 0051), one call: holds, pending totals, decisions, events. */
export const WRITE_CARD_DECISIONS_SQL = 'SELECT write_card_decisions($1::jsonb, $2)'

/**
 * The read's parameters for the batch's cards and events at `now`, as text (arrays in PostgreSQL's text form): bound
 * as they are by node-postgres, and by a prepared statement on PGlite's thread (server/db/prepared.ts).
 */
export const readCardBatchParams = (items: readonly BatchItem[], now: Date): string[] => [
  arrayText([...new Set(items.map((i) => i.input.cardId))]),
  arrayText(items.map((i) => i.event.id)),
  now.toISOString(),
  arrayText([...SPEND_HOLD_KINDS]),
  WITHDRAWAL_HOLD_KIND,
]

/** What `read_card_batch` answers, amounts as decimal text. */
export type BatchRead = {
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
    /** The local day its figures are for, as instants (migration 0058). */
    day_starts: string
    day_ends: string
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
type AccountRow = Selectable<AccountsTable>
/**
 * An account as the batch decides on it; `counted` moves with each approval of the batch. `alerting`: the account has
 * something for `alerts.evaluate` to look at (it borrows, or a member set alerts). `day`: the local day `counted` is
 * for, from its first instant to the first of the next.
 */
type AccountState = {
  account: Pick<AccountRow, 'id' | 'mode' | 'daily_limit' | 'monthly_limit'> & { frozen: boolean }
  ledger: LedgerAccount[]
  counted: LimitCounts
  alerting: boolean
  day: { starts: number; ends: number }
}
type Watcher = { account_id: string; user_id: string; purchase_above: bigint }
const orNull = (v: string | null) => (v === null ? null : BigInt(v))

/**
 * The read, typed: the cards' rules, each account's position inputs, what each card spent, events seen, watchers by
 * account. The batch's decisions move the positions in it as they are made (`decideOnState`).
 */
export function parseBatchRead(read: BatchRead) {
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
        const state: AccountState = {
          account: {
            id: a.id,
            mode: a.mode,
            frozen: a.frozen,
            daily_limit: BigInt(a.daily_limit),
            monthly_limit: BigInt(a.monthly_limit),
          },
          ledger: ledger.filter((la) => la.account_id === a.id),
          counted: {
            today: BigInt(a.counted_today),
            month: BigInt(a.counted_month),
            spend: BigInt(a.held_spend),
            withdrawal: BigInt(a.held_withdrawal),
          },
          alerting: a.alerting,
          day: { starts: Date.parse(a.day_starts), ends: Date.parse(a.day_ends) },
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
    watchers: new Map(
      read.accounts.map((a) => [
        a.id,
        read.watchers
          .filter((w) => w.account_id === a.id)
          .map(
            (w): Watcher => ({
              account_id: w.account_id,
              user_id: w.user_id,
              purchase_above: BigInt(w.purchase_above),
            }),
          ),
      ]),
    ),
  }
}
/** What a batch decides on: `parseBatchRead`'s answer. */
export type BatchState = ReturnType<typeof parseBatchRead>

/** One `authorization.request` of the batch, as plain data (it crosses to the database's thread). */
export type BatchItem = {
  event: { id: string; type: string; data: Record<string, unknown> }
  input: { networkId: string; cardId: string; amount: bigint; merchantName: string; merchantCity: string; mcc: string }
}

/** A purchase alert to write in the batch's transaction, after its decision. */
export type PurchaseAlert = PurchaseAboveAlert

/** What a batch decided: each decided item's answer (by its index), the items left to the one-event path, the write. */
export type BatchDecisions = {
  answers: { index: number; result: Record<string, unknown> }[]
  /** Left to the one-event path, by index: unknown card, event seen before, a withdrawal's reservation, no ledger. */
  deferred: number[]
  /** `write_card_decisions`'s JSON, or null when nothing was decided. */
  write: string | null
  alerts: PurchaseAlert[]
}

type DecideContext = { now: Date; prices: PriceTable; settlementId: string; newId: () => string }

/**
 * Decides the batch's items in arrival order against the position as the earlier decisions of the batch left it
 * (domain/authorization.ts). What the batch does not decide by itself is deferred to the one-event path.
 */
export const decideCardBatch = (raw: BatchRead, items: BatchItem[], context: DecideContext): BatchDecisions =>
  decideOnState(parseBatchRead(raw), items, context)

/**
 * `decideCardBatch` on a read already typed. The positions in `batchState` move with each approval (the pending
 * debit of the holder's ledger account, the account's counts, what the card spent): once the batch's write commits,
 * `batchState` is what the database holds for its accounts and cards.
 */
export function decideOnState(batchState: BatchState, items: BatchItem[], context: DecideContext): BatchDecisions {
  const { now, prices, settlementId, newId } = context
  const { cards, accounts: state, spent, recorded, watchers } = batchState
  const deferred: number[] = []
  // Each event decided once: a repeat (of an earlier batch, or twice in this one) is answered by `one` with what
  // was stored. The events are recorded with their answers when the batch is written; one recorded meanwhile by
  // another process makes that write refuse the batch, which is then decided request by request.
  const seen = new Set<string>()
  type Decided = {
    index: number
    item: BatchItem
    id: string
    accountId: string
    holdId: string | null
    from: string | null
    expiresAt: Date
    result: Record<string, unknown>
  }
  const decided: Decided[] = []
  for (const [index, item] of items.entries()) {
    const r = item.input
    const card = cards.get(r.cardId)
    if (!card || recorded.has(item.event.id) || seen.has(item.event.id)) {
      deferred.push(index)
      continue
    }
    seen.add(item.event.id)
    const s = state.get(card.accountId)!
    const cardSpent: CardSpent = spent.get(card.id)!
    const position = positionOf(s.account, s.ledger, s.counted, prices)
    const decision = decideAuthorization({
      accountFrozen: s.account.frozen,
      card: card.rules,
      amount: r.amount,
      mcc: r.mcc,
      ...cardSpent,
      spendable: position.spendable,
    })
    if (
      !decision.approved &&
      s.account.mode === 'direct_pay' &&
      position.holds.withdrawal > 0n &&
      ['insufficient_spendable', 'over_daily_limit', 'over_monthly_limit'].includes(decision.reason)
    ) {
      deferred.push(index) // a pending withdrawal may yield its reservation: the one-event path decides that
      continue
    }
    const id = newId()
    const expiresAt = new Date(now.getTime() + holdDays(r.mcc) * 86_400_000)
    if (!decision.approved) {
      const result = {
        approved: false,
        authorizationId: id,
        reason: decision.reason,
        message: DECLINE_REASONS[decision.reason],
      }
      decided.push({ index, item, id, accountId: s.account.id, holdId: null, from: null, expiresAt, result })
      continue
    }
    const code = s.account.mode === 'borrow' ? 'debt' : 'cash'
    const from = s.ledger.find((la) => la.code === code && la.asset === 'USDC')
    if (!from) {
      deferred.push(index) // its ledger account is created by the one-event path
      continue
    }
    // The batch's own effect on the position, for the decisions after this one.
    const pendingBefore = from.debits_pending
    from.debits_pending += r.amount
    if (!withinBalance(from, from.debits_posted, from.credits_posted, from.debits_pending, from.credits_pending)) {
      from.debits_pending = pendingBefore
      deferred.push(index)
      continue
    }
    s.counted = {
      ...s.counted,
      spend: s.counted.spend + r.amount,
      today: s.counted.today + r.amount,
      month: s.counted.month + r.amount,
    }
    spent.set(card.id, {
      cardSpentToday: cardSpent.cardSpentToday + r.amount,
      cardSpentThisMonth: cardSpent.cardSpentThisMonth + r.amount,
    })
    decided.push({
      index,
      item,
      id,
      accountId: s.account.id,
      holdId: newId(),
      from: from.id,
      expiresAt,
      result: { approved: true, authorizationId: id },
    })
  }
  if (decided.length === 0) return { answers: [], deferred, write: null, alerts: [] }

  const approved = decided.filter((d) => d.holdId !== null)
  // Each holder's ledger account reserves its purchases; card settlement is credited their sum once.
  const delta = new Map<string, { debit: bigint; credit: bigint }>()
  const add = (id: string, side: 'debit' | 'credit', amount: bigint) => {
    const d = delta.get(id) ?? { debit: 0n, credit: 0n }
    d[side] += amount
    delta.set(id, d)
  }
  for (const d of approved) {
    add(d.from!, 'debit', d.item.input.amount)
    add(settlementId, 'credit', d.item.input.amount)
  }
  // One row per decision (migration 0051): the holds and the events are read from the decisions; what the batch
  // shares (the account every hold credits, the time the decisions are made) is said once.
  const write = {
    settlement: settlementId,
    at: now.toISOString(),
    ledger: [...delta.keys()]
      .sort()
      .map((id) => ({ id, debit: String(delta.get(id)!.debit), credit: String(delta.get(id)!.credit) })),
    // The moments the approvals' holds are let go of, one expiry job each unless one is queued (migration 0059).
    expiry_moments: [...new Set(approved.map((d) => expiryMoment(d.expiresAt).toISOString()))],
    // Marked for alert evaluation: only the accounts with something to evaluate (migration 0041).
    marked: [...new Set(approved.filter((d) => state.get(d.accountId)!.alerting).map((d) => d.accountId))],
    decisions: decided.map((d) => {
      const e = d.item.input
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
        event_id: d.item.event.id,
        event_type: d.item.event.type,
        payload: d.item.event.data,
        result: d.result,
      }
    }),
  }
  const alerts: PurchaseAlert[] = []
  for (const d of approved)
    for (const w of watchers.get(d.accountId) ?? [])
      if (
        purchaseAlerts(
          { purchaseAbove: w.purchase_above, dailySpendAbove: null, spendableBelow: null },
          d.item.input.amount,
        )
      )
        alerts.push({
          userId: w.user_id,
          accountId: d.accountId,
          amount: d.item.input.amount,
          threshold: w.purchase_above,
          merchant: d.item.input.merchantName,
          authorizationId: d.id,
        })
  return {
    answers: decided.map((d) => ({ index: d.index, result: d.result })),
    deferred,
    write: JSON.stringify(write),
    alerts,
  }
}
