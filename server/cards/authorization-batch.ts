import type { Selectable } from 'kysely'
import { sql } from 'kysely'
import { decideAuthorization, DECLINE_REASONS, holdDays } from '../../domain/authorization'
import { purchaseAlerts } from '../../domain/alerts'
import { localDays } from '../../domain/calendar'
import { parsePositiveAmount } from '../../domain/money'
import { limitsAndHolds, limitWindow, positionOf, type LimitCounts } from '../accounts/account-service'
import { EVALUATE_ALERTS_JOB } from '../alerts/alert-checks'
import { notify } from '../alerts/notifications-service'
import type { AccountsTable } from '../db/schema'
import type { Deps } from '../http/route-table'
import { ledgerAccountId, withinBalance, type LedgerAccount, type Tx } from '../ledger/ledger-service'
import { AuthorizationRequest, cardRules, cardSpending, type CardSpent } from './authorization-service'

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

/** Thrown inside a batch to roll it all back and decide each request on its own (rare: a race the batch does not settle). */
class BatchAbandoned extends Error {}

/**
 * Card decisions in shared commits. The card network sends `authorization.request` events one by one and waits
 * up to 2 s for each; a transaction per decision caps the engine at the database's commit rate. Here the requests
 * that arrive while a batch is being decided wait for the next one, and each batch is one transaction: the cards
 * and accounts read once (the accounts locked in id order), every decision made in arrival order against the
 * position as the earlier decisions of the batch left it, then every write as one multi-row statement. Each
 * request is answered only after its batch commits. An idle engine waits one turn of the event loop, no timer, so
 * a lone request is decided at once and requests received together go together.
 *
 * What the batch does not decide by itself goes to `one` (the one-event path, a transaction each) after the batch
 * commits: an unknown card, a repeated event, a purchase that may need a pending withdrawal's reservation, an account
 * without a USDC ledger account yet. If the batch fails (a conflict with a timeout advice, a deadlock), it is rolled
 * back whole and every request in it goes to `one`, which answers each with its own outcome or error.
 */
export function authorizationBatcher(deps: Deps, one: (event: CardEvent) => Promise<WebhookAnswer>) {
  const queue: Request[] = []
  let running = false
  let settlementId: string | null = null

  async function drain() {
    running = true
    try {
      // One turn of the event loop first: requests already received (their bodies read, their signatures being
      // checked) join this batch instead of waiting behind a batch of one.
      await new Promise<void>((resolve) => setImmediate(resolve))
      while (queue.length > 0) await runBatch(queue.splice(0, MAX_BATCH))
    } finally {
      running = false
    }
  }

  async function alone(requests: Request[]) {
    for (const r of requests) await one(r.event).then(r.resolve, r.reject)
  }

  async function runBatch(batch: Request[]) {
    let answered: { request: Request; answer: WebhookAnswer }[]
    let deferred: Request[]
    try {
      const outcome = await deps.db.kysely.transaction().execute((tx) => decideBatch(deps, tx, batch, settlementId))
      settlementId = outcome.settlementId
      answered = outcome.answered
      deferred = outcome.deferred
    } catch (error) {
      if (!(error instanceof BatchAbandoned)) deps.log.warn('card decision batch rolled back; deciding each alone', { size: batch.length, error: String(error) })
      return alone(batch)
    }
    for (const { request, answer } of answered) request.resolve(answer)
    await alone(deferred)
  }

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
        queue.push({ event, input, resolve, reject })
        if (!running) void drain()
      })
    },
  }
}

type AccountState = { account: Selectable<AccountsTable>; ledger: LedgerAccount[]; counted: LimitCounts }

/** One batch, inside its transaction. Returns the answers to send after the commit and the requests left to `one`. */
async function decideBatch(deps: Deps, tx: Tx, batch: Request[], knownSettlementId: string | null) {
  const now = deps.now()
  const prices = deps.prices()
  const deferred: Request[] = []
  const cardIds = [...new Set(batch.map((r) => r.input.cardId))]
  const cards = new Map((await tx.selectFrom('cards').selectAll().where('id', 'in', cardIds).execute()).map((c) => [c.id, c] as const))
  const known = batch.filter((r) => (cards.has(r.input.cardId) ? true : (deferred.push(r), false)))
  if (known.length === 0) return { answered: [], deferred, settlementId: knownSettlementId }
  const accountIds = [...new Set(known.map((r) => cards.get(r.input.cardId)!.account_id))].sort()
  // The accounts locked in id order, so batches (in this process or another) never wait on each other in a cycle.
  const accounts = await tx.selectFrom('accounts').selectAll().where('id', 'in', accountIds).orderBy('id').forNoKeyUpdate().execute()
  // Each event recorded once: a repeat (this batch or an earlier one) is answered by `one` with what was stored.
  const fresh = new Set(
    (
      await tx
        .insertInto('provider_events')
        .values(known.map((r) => ({ provider: 'card', event_id: r.event.id, type: r.event.type, payload: JSON.stringify(r.event.data) })))
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .execute()
    ).map((row) => row.event_id),
  )
  const seen = new Set<string>()
  const decidable = known.filter((r) => (fresh.has(r.event.id) && !seen.has(r.event.id) ? (seen.add(r.event.id), true) : (deferred.push(r), false)))
  const ledgerRows = await tx.selectFrom('ledger_accounts').selectAll().where('account_id', 'in', accountIds).execute()
  const windows = accounts.map((a) => limitWindow(a, now))
  const counted = await limitsAndHolds(tx, windows)
  const state = new Map<string, AccountState>(accounts.map((a) => [a.id, { account: a, ledger: ledgerRows.filter((la) => la.account_id === a.id), counted: counted.get(a.id)! }]))
  const zoneOf = (cardId: string) => state.get(cards.get(cardId)!.account_id)!.account.time_zone
  const spent = await cardSpending(tx, [...new Set(decidable.map((r) => r.input.cardId))].map((cardId) => ({ cardId, ...localDays(now, zoneOf(cardId)) })))
  const settlementId = knownSettlementId ?? (await ledgerAccountId(tx, deps.newId, { accountId: null, code: 'card_settlement', asset: 'USDC' }))

  type Decided = { request: Request; id: string; accountId: string; holdId: string | null; from: string | null; expiresAt: Date; result: Record<string, unknown> }
  const decided: Decided[] = []
  const returned: Request[] = []
  for (const r of decidable) {
    const card = cards.get(r.input.cardId)!
    const s = state.get(card.account_id)!
    const cardSpent: CardSpent = spent.get(card.id)!
    const position = positionOf(s.account, s.ledger, s.counted, prices)
    const decision = decideAuthorization({ accountFrozen: s.account.frozen_at !== null, card: cardRules(card), amount: r.input.amount, mcc: r.input.mcc, ...cardSpent, spendable: position.spendable })
    if (!decision.approved && s.account.mode === 'direct_pay' && position.holds.withdrawal > 0n && ['insufficient_spendable', 'over_daily_limit', 'over_monthly_limit'].includes(decision.reason)) {
      // A pending withdrawal may yield its reservation to this purchase: the one-event path decides that.
      returned.push(r)
      continue
    }
    const id = deps.newId()
    const expiresAt = new Date(now.getTime() + holdDays(r.input.mcc) * 86_400_000)
    if (!decision.approved) {
      decided.push({ request: r, id, accountId: s.account.id, holdId: null, from: null, expiresAt, result: { approved: false, authorizationId: id, reason: decision.reason, message: DECLINE_REASONS[decision.reason] } })
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
    s.counted = { ...s.counted, spend: s.counted.spend + r.input.amount, today: s.counted.today + r.input.amount, month: s.counted.month + r.input.amount }
    spent.set(card.id, { cardSpentToday: cardSpent.cardSpentToday + r.input.amount, cardSpentThisMonth: cardSpent.cardSpentThisMonth + r.input.amount })
    decided.push({ request: r, id, accountId: s.account.id, holdId: deps.newId(), from: from.id, expiresAt, result: { approved: true, authorizationId: id } })
  }
  if (returned.length > 0) {
    await tx.deleteFrom('provider_events').where('provider', '=', 'card').where('event_id', 'in', returned.map((r) => r.event.id)).execute()
    deferred.push(...returned)
  }
  if (decided.length === 0) return { answered: [], deferred, settlementId }

  const approved = decided.filter((d) => d.holdId !== null)
  if (approved.length > 0) {
    await tx
      .insertInto('holds')
      .values(approved.map((d) => ({ id: d.holdId!, kind: 'card_authorization', account_id: d.accountId, debit_ledger_account_id: d.from!, credit_ledger_account_id: settlementId, asset: 'USDC', amount: d.request.input.amount, status: 'pending', description: `Card · ${d.request.input.merchantName}`, reference: d.request.input.networkId, expires_at: d.expiresAt })))
      .execute()
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
    const ids = [...delta.keys()].sort()
    const after = await sql<LedgerAccount>`
      UPDATE ledger_accounts la SET debits_pending = la.debits_pending + v.debit, credits_pending = la.credits_pending + v.credit
      FROM unnest(${ids}::uuid[], ${ids.map((id) => String(delta.get(id)!.debit))}::numeric[], ${ids.map((id) => String(delta.get(id)!.credit))}::numeric[]) AS v(id, debit, credit)
      WHERE la.id = v.id RETURNING la.*`.execute(tx)
    // The holder rows were read under the account lock; this re-checks them as written, against any writer the lock does not cover.
    if (after.rows.length !== ids.length || after.rows.some((a) => !withinBalance(a, a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending))) throw new BatchAbandoned()
    await tx
      .insertInto('jobs')
      .values(approved.map((d) => ({ id: deps.newId(), kind: 'card.expire', payload: JSON.stringify({ authorizationId: d.id }), run_at: d.expiresAt, status: 'pending' })))
      .execute()
    const marked = [...new Set(approved.map((d) => d.accountId))]
    await sql`
      WITH marked AS (INSERT INTO alert_checks (id, account_id) SELECT gen_random_uuid(), a FROM unnest(${marked}::uuid[]) AS a RETURNING account_id)
      INSERT INTO jobs (id, kind, payload, run_at) SELECT gen_random_uuid(), ${EVALUATE_ALERTS_JOB}, jsonb_build_object('accountId', account_id), 'epoch'::timestamptz FROM marked`.execute(tx)
  }
  const recorded = await tx
    .insertInto('card_authorizations')
    .values(decided.map((d) => {
      const e = d.request.input
      const approvedNow = d.holdId !== null
      return { id: d.id, network_id: e.networkId, card_id: e.cardId, account_id: d.accountId, amount: e.amount, merchant_name: e.merchantName, merchant_city: e.merchantCity, mcc: e.mcc, status: approvedNow ? 'approved' : 'declined', decline_reason: approvedNow ? null : (d.result.reason as string), hold_id: d.holdId, cancelled_withdrawal_id: null, expires_at: d.expiresAt, created_at: now, updated_at: now }
    }))
    .onConflict((oc) => oc.column('network_id').doNothing())
    .returning('id')
    .execute()
  // A network id already taken (the network's timeout advice got there first, or the same purchase twice in one
  // batch): the batch is undone and each request decided alone, which refuses exactly those.
  if (recorded.length !== decided.length) throw new BatchAbandoned()
  if (approved.length > 0) {
    const watchers = await tx.selectFrom('alert_settings').select(['account_id', 'user_id', 'purchase_above']).where('account_id', 'in', [...new Set(approved.map((d) => d.accountId))]).where('purchase_above', 'is not', null).execute()
    for (const d of approved) {
      for (const w of watchers) {
        if (w.account_id !== d.accountId || !purchaseAlerts({ purchaseAbove: w.purchase_above, dailySpendAbove: null, spendableBelow: null }, d.request.input.amount)) continue
        await notify(deps, tx, { userId: w.user_id, accountId: d.accountId }, { kind: 'purchase_above', amount: d.request.input.amount, threshold: w.purchase_above!, merchant: d.request.input.merchantName, dedupeKey: `purchase:${d.id}` })
      }
    }
  }
  await sql`
    UPDATE provider_events pe SET result = v.result::jsonb
    FROM unnest(${decided.map((d) => d.request.event.id)}::text[], ${decided.map((d) => JSON.stringify(d.result))}::text[]) AS v(event_id, result)
    WHERE pe.provider = 'card' AND pe.event_id = v.event_id`.execute(tx)
  return { answered: decided.map((d) => ({ request: d.request, answer: { received: true as const, duplicate: false, result: d.result } })), deferred, settlementId }
}

