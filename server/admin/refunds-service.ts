import { say } from '../../domain/error-message'
import type { ManualRefund } from '../../domain/api/admin-money.schema'
import { sql } from 'kysely'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { Deps } from '../http/route-table'
import { RefusalWithFollowUp } from '../http/refusal'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { recordAudit } from '../audit/audit'
import { title } from '../../domain/movement-title'
import { refuseOwnAccount } from './own-account'
// The two limits, which the back office's page words too.
import { REFUND_APPROVAL_THRESHOLD, REFUND_DAILY_CAP } from '../../domain/manual-refunds'

/** The window both rules look back over. */
const REFUND_WINDOW_MS = 24 * 60 * 60 * 1000
/** Manual refunds are decided one at a time across every process (an advisory lock), so two at once cannot both fit. */
const REFUNDS_LOCK = 727276

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Actor = { userId: string }

/** Manual refunds, those waiting for approval first, then the newest. */
export async function listManualRefunds(db: Tx, filter: { id?: string } = {}): Promise<ManualRefund[]> {
  let q = db
    .selectFrom('manual_refunds as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .innerJoin('users as req', 'req.id', 'r.requested_by')
    .leftJoin('users as dec', 'dec.id', 'r.decided_by')
    .select([
      'r.id',
      'r.account_id',
      'a.name as account_name',
      'r.amount',
      'r.reason',
      'r.transaction_ref',
      'r.status',
      'r.requested_by',
      'req.email as requested_email',
      'r.decided_by',
      'dec.email as decided_email',
      'r.decision_reason',
      'r.journal_id',
      'r.created_at',
      'r.decided_at',
    ])
  if (filter.id) q = q.where('r.id', '=', filter.id)
  const rows = await q
    .orderBy((eb) => eb.case().when('r.status', '=', 'pending_approval').then(0).else(1).end())
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(200)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    account: { id: r.account_id, name: r.account_name },
    amount: toDecimal(r.amount, 'USDC'),
    asset: 'USDC' as const,
    reason: r.reason,
    transactionRef: r.transaction_ref,
    status: r.status,
    requestedBy: { id: r.requested_by, email: r.requested_email },
    decidedBy: r.decided_by && r.decided_email ? { id: r.decided_by, email: r.decided_email } : null,
    decisionReason: r.decision_reason,
    journalId: r.journal_id,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  }))
}

async function oneRefund(db: Tx, id: string): Promise<ManualRefund> {
  const [refund] = await listManualRefunds(db, { id })
  if (!refund) throw new DomainError('not_found', say('no_such_refund'))
  return refund
}

/** The account an admin typed: its id, or the e-mail of its holder (or a company owner). */
async function findAccount(db: Tx, input: string): Promise<string> {
  const text = input.trim()
  const notFound = () =>
    new DomainError('not_found', say('no_account_found', { text }), {
      account: say('no_account_found_hint', { text }),
    })
  if (UUID.test(text)) {
    const found = await db.selectFrom('accounts').select('id').where('id', '=', text.toLowerCase()).executeTakeFirst()
    if (!found) throw notFound()
    return found.id
  }
  const found = await db
    .selectFrom('users as u')
    .innerJoin('account_members as m', 'm.user_id', 'u.id')
    .select('m.account_id')
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', text.toLowerCase()))
    .where('m.role', 'in', ['holder', 'owner'])
    .orderBy('m.account_id')
    .executeTakeFirst()
  if (!found) throw notFound()
  return found.account_id
}

/** Pays a refund: the platform's `refunds` expense → the holder's USDC cash; the holder's history shows the reason. */
async function post(
  deps: Deps,
  db: Tx,
  refund: { id: string; accountId: string; amount: bigint; reason: string },
): Promise<string> {
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: 'manual_refund',
    accountId: refund.accountId,
    title: title('cash_refund', { reason: refund.reason }),
    reference: refund.id,
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'refunds', asset: 'USDC' }),
        side: 'debit',
        amount: refund.amount,
        asset: 'USDC',
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, {
          accountId: refund.accountId,
          code: 'cash',
          asset: 'USDC',
        }),
        side: 'credit',
        amount: refund.amount,
        asset: 'USDC',
      },
    ],
  })
  return journalId
}

/**
 * Creates a manual refund, never into an account the admin belongs to. It is paid at once while what this admin
 * paid at once, and what this account received at once, over the last 24 hours stay at or below $1,000 with it;
 * otherwise it waits as `pending_approval` for another admin. Beyond $10,000 asked by one admin in 24 hours it is
 * refused. Audited either way.
 */
export async function createManualRefund(
  deps: Deps,
  db: Tx,
  actor: Actor,
  input: { account: string; amount: string; reason: string; transactionRef?: string | undefined },
): Promise<ManualRefund> {
  let amount: bigint
  try {
    amount = parsePositiveAmount(input.amount, 'USDC')
  } catch (e) {
    if (e instanceof DomainError) throw e.at('amount')
    throw e
  }
  const accountId = await findAccount(db, input.account)
  await refuseOwnAccount(deps, db, actor.userId, accountId, {
    action: 'manual_refund.create',
    subjectType: 'account',
    subjectId: accountId,
  })
  const id = deps.newId()
  const now = deps.now()
  await sql`SELECT pg_advisory_xact_lock(${REFUNDS_LOCK})`.execute(db)
  const recent = await recentRefunds(db, {
    adminId: actor.userId,
    accountId,
    since: new Date(now.getTime() - REFUND_WINDOW_MS),
  })
  if (recent.askedByAdmin + amount > REFUND_DAILY_CAP) {
    const left = recent.askedByAdmin >= REFUND_DAILY_CAP ? 0n : REFUND_DAILY_CAP - recent.askedByAdmin
    const message = say('refund_cap', { cap: String(REFUND_DAILY_CAP), left: String(left) })
    throw new DomainError('refund_daily_cap', message, { amount: message })
  }
  const needsApproval =
    recent.paidByAdmin + amount > REFUND_APPROVAL_THRESHOLD || recent.paidToAccount + amount > REFUND_APPROVAL_THRESHOLD
  const journalId = needsApproval ? null : await post(deps, db, { id, accountId, amount, reason: input.reason })
  await db
    .insertInto('manual_refunds')
    .values({
      id,
      account_id: accountId,
      asset: 'USDC',
      amount,
      reason: input.reason,
      transaction_ref: input.transactionRef ?? null,
      status: needsApproval ? 'pending_approval' : 'posted',
      requested_by: actor.userId,
      journal_id: journalId,
      created_at: now,
      decided_at: needsApproval ? null : now,
    })
    .execute()
  const after = await oneRefund(db, id)
  await recordAudit(deps, db, {
    actorId: actor.userId,
    action: needsApproval ? 'manual_refund.request' : 'manual_refund.create',
    subjectType: 'manual_refund',
    subjectId: id,
    reason: input.reason,
    before: null,
    after,
  })
  return after
}

/**
 * Over the window: what the admin asked for (paid or waiting), what they paid without a second admin, and what
 * the account received without one, whoever paid it.
 */
async function recentRefunds(
  db: Tx,
  { adminId, accountId, since }: { adminId: string; accountId: string; since: Date },
) {
  const sum = (expression: ReturnType<typeof sql<boolean>>) =>
    sql<bigint>`coalesce(sum(amount) FILTER (WHERE ${expression}), 0)`
  const row = await db
    .selectFrom('manual_refunds')
    .select([
      sum(sql<boolean>`requested_by = ${adminId} AND status <> 'rejected'`).as('asked_by_admin'),
      sum(sql<boolean>`requested_by = ${adminId} AND status = 'posted' AND decided_by IS NULL`).as('paid_by_admin'),
      sum(sql<boolean>`account_id = ${accountId} AND status = 'posted' AND decided_by IS NULL`).as('paid_to_account'),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('requested_by', '=', adminId), eb('account_id', '=', accountId)]))
    .executeTakeFirstOrThrow()
  return {
    askedByAdmin: BigInt(row.asked_by_admin),
    paidByAdmin: BigInt(row.paid_by_admin),
    paidToAccount: BigInt(row.paid_to_account),
  }
}

async function lockPending(db: Tx, id: string) {
  const row = await db.selectFrom('manual_refunds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
  if (!row) throw new DomainError('not_found', say('no_such_refund'))
  if (row.status !== 'pending_approval')
    throw new DomainError(
      'refund_not_pending',
      say(row.status === 'posted' ? 'refund_already_paid' : 'refund_already_rejected'),
    )
  return row
}

/**
 * A second admin approves a refund above $1,000: it is paid. The admin who asked for it is refused (the
 * refused attempt is still written to the audit log, after the request rolls back), and so is one who belongs to the
 * account it pays.
 */
export async function approveManualRefund(deps: Deps, db: Tx, actor: Actor, id: string): Promise<ManualRefund> {
  const row = await lockPending(db, id)
  const before = await oneRefund(db, id)
  if (row.requested_by === actor.userId) {
    throw new RefusalWithFollowUp(
      'refund_second_admin',
      undefined,
      undefined,
      { requestedBy: before.requestedBy.email },
      (tx) =>
        recordAudit(deps, tx, {
          actorId: actor.userId,
          action: 'manual_refund.approve_refused',
          subjectType: 'manual_refund',
          subjectId: id,
          reasonMessage: say('refund_second_admin'),
          before,
          after: before,
        }),
    )
  }
  await refuseOwnAccount(deps, db, actor.userId, row.account_id, {
    action: 'manual_refund.approve',
    subjectType: 'manual_refund',
    subjectId: id,
  })
  const journalId = await post(deps, db, { id, accountId: row.account_id, amount: row.amount, reason: row.reason })
  await db
    .updateTable('manual_refunds')
    .set({ status: 'posted', decided_by: actor.userId, decided_at: deps.now(), journal_id: journalId })
    .where('id', '=', id)
    .execute()
  const after = await oneRefund(db, id)
  await recordAudit(deps, db, {
    actorId: actor.userId,
    action: 'manual_refund.approve',
    subjectType: 'manual_refund',
    subjectId: id,
    before,
    after,
  })
  return after
}

/**
 * Rejects a refund waiting for approval, with a reason; nothing is paid. The admin who asked may withdraw it this way
 * too.
 */
export async function rejectManualRefund(
  deps: Deps,
  db: Tx,
  actor: Actor,
  id: string,
  input: { reason: string },
): Promise<ManualRefund> {
  await lockPending(db, id)
  const before = await oneRefund(db, id)
  await db
    .updateTable('manual_refunds')
    .set({ status: 'rejected', decided_by: actor.userId, decided_at: deps.now(), decision_reason: input.reason })
    .where('id', '=', id)
    .execute()
  const after = await oneRefund(db, id)
  await recordAudit(deps, db, {
    actorId: actor.userId,
    action: 'manual_refund.reject',
    subjectType: 'manual_refund',
    subjectId: id,
    reason: input.reason,
    before,
    after,
  })
  return after
}
