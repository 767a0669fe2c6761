import { say } from '../../domain/error-message'
import { sql } from 'kysely'
import type { FailedRecon } from '../../domain/api/admin-money.schema'
import { clearingWithinTolerance } from '../../domain/authorization'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import { postClearing } from '../cards/authorization-service'
import type { Deps } from '../http/route-table'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { recordAudit } from '../audit/audit'
import { title } from '../../domain/movement-title'
import type { MovementReason } from '../../domain/movement-reason'
import { refuseOwnAccount } from './own-account'

type Actor = { userId: string }

/**
 * Failed recons with their card, account and resolution, open ones first (oldest open at the top), then the newest
 * resolved.
 */
export async function listFailedRecons(db: Tx, filter: { id?: string } = {}): Promise<FailedRecon[]> {
  let q = db
    .selectFrom('failed_recons as r')
    .leftJoin('card_authorizations as a', 'a.id', 'r.authorization_id')
    .leftJoin('cards as c', 'c.id', 'a.card_id')
    .leftJoin('accounts as acc', (j) => j.on(sql<boolean>`acc.id = COALESCE(a.account_id, r.refund_account_id)`))
    .leftJoin('users as u', 'u.id', 'r.resolved_by')
    .select([
      'r.id',
      'r.network_id',
      'r.authorization_id',
      'r.amount',
      'r.reason',
      'r.status',
      'r.created_at',
      'r.resolved_at',
      'r.resolution_reason',
      'r.journal_id',
      'r.matched_authorization_id',
      'a.merchant_name',
      'c.id as card_id',
      'c.last4',
      'acc.id as account_id',
      'acc.name as account_name',
      'u.email as resolved_by',
    ])
  if (filter.id) q = q.where('r.id', '=', filter.id)
  const rows = await q
    .orderBy(sql`CASE WHEN r.status = 'open' THEN 0 ELSE 1 END`)
    .orderBy(sql`CASE WHEN r.status = 'open' THEN r.created_at END`, 'asc')
    .orderBy('r.created_at', 'desc')
    .limit(200)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    networkId: r.network_id,
    authorizationId: r.authorization_id,
    amount: toDecimal(r.amount, 'USDC'),
    asset: 'USDC' as const,
    reason: r.reason,
    status: r.status,
    createdAt: r.created_at.toISOString(),
    account: r.account_id && r.account_name ? { id: r.account_id, name: r.account_name } : null,
    card: r.card_id && r.last4 ? { id: r.card_id, last4: r.last4 } : null,
    merchantName: r.merchant_name ?? null,
    resolvedAt: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
    resolvedBy: r.resolved_by ?? null,
    resolutionReason: r.resolution_reason,
    journalId: r.journal_id,
    matchedAuthorizationId: r.matched_authorization_id,
  }))
}

async function oneRecon(db: Tx, id: string): Promise<FailedRecon> {
  const [recon] = await listFailedRecons(db, { id })
  if (!recon) throw new DomainError('not_found', say('no_such_failed_recon'))
  return recon
}

/** Locks an open recon; a resolved one is refused with how and when it was resolved. */
/** Whether a failed recon is a merchant's refund (before its purchase cleared, or beyond it), not a clearing. */
const isRefund = (recon: { reason: MovementReason }) =>
  recon.reason.key === 'recon_refund_without_purchase' || recon.reason.key === 'recon_refund_over_purchase'

async function lockOpen(db: Tx, id: string) {
  const row = await db.selectFrom('failed_recons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
  if (!row) throw new DomainError('not_found', say('no_such_failed_recon'))
  if (row.status !== 'open') {
    throw new DomainError(
      'recon_resolved',
      say('recon_already', { status: row.status, ...(row.resolved_at ? { at: row.resolved_at.toISOString() } : {}) }),
    )
  }
  return row
}

/**
 * Approved authorizations (hold still pending) the recon's clearing could belong to: those of the same card
 * when the recon names an authorization, else any whose amount is within the clearing tolerance, closest first.
 */
export async function reconCandidates(db: Tx, reconId: string) {
  const recon = await db.selectFrom('failed_recons').selectAll().where('id', '=', reconId).executeTakeFirst()
  if (!recon) throw new DomainError('not_found', say('no_such_failed_recon'))
  // A merchant's refund matches no purchase to clear (matchRecon refuses it).
  if (isRefund(recon)) return []
  const own = recon.authorization_id
    ? await db
        .selectFrom('card_authorizations')
        .select('card_id')
        .where('id', '=', recon.authorization_id)
        .executeTakeFirst()
    : undefined
  let q = db
    .selectFrom('card_authorizations as a')
    .innerJoin('holds as h', 'h.id', 'a.hold_id')
    .innerJoin('cards as c', 'c.id', 'a.card_id')
    .innerJoin('accounts as acc', 'acc.id', 'a.account_id')
    .select([
      'a.id',
      'a.network_id',
      'a.amount',
      'a.merchant_name',
      'a.created_at',
      'c.last4',
      'acc.name as account_name',
    ])
    .where('a.status', '=', 'approved')
    .where('h.status', '=', 'pending')
  if (own) q = q.where('a.card_id', '=', own.card_id)
  const rows = await q.orderBy('a.created_at', 'desc').limit(500).execute()
  const distance = (a: bigint) => (a > recon.amount ? a - recon.amount : recon.amount - a)
  return rows
    .filter((r) => own || clearingWithinTolerance(r.amount, recon.amount))
    .sort((x, y) => (distance(x.amount) < distance(y.amount) ? -1 : distance(x.amount) > distance(y.amount) ? 1 : 0))
    .slice(0, 20)
    .map((r) => ({
      authorizationId: r.id,
      networkId: r.network_id,
      amount: toDecimal(r.amount, 'USDC'),
      merchantName: r.merchant_name,
      cardLast4: r.last4,
      accountName: r.account_name,
      createdAt: r.created_at.toISOString(),
    }))
}

async function resolve(
  deps: Deps,
  db: Tx,
  actor: Actor,
  id: string,
  action: string,
  reason: string,
  set: {
    status: 'matched' | 'written_off' | 'refunded'
    journal_id: string
    matched_authorization_id?: string
    refund_account_id?: string
  },
) {
  const before = await oneRecon(db, id)
  await db
    .updateTable('failed_recons')
    .set({ ...set, resolved_at: deps.now(), resolved_by: actor.userId, resolution_reason: reason })
    .where('id', '=', id)
    .execute()
  const after = await oneRecon(db, id)
  await recordAudit(deps, db, {
    actorId: actor.userId,
    action,
    subjectType: 'failed_recon',
    subjectId: id,
    reason,
    before,
    after,
  })
  return after
}

/**
 * Matches a failed recon to an approved authorization: the recon's amount is posted through the card
 * clearing code (the hold becomes the spend), once. The admin's match overrides the 20 % tolerance.
 */
export async function matchRecon(
  deps: Deps,
  db: Tx,
  actor: Actor,
  id: string,
  input: { authorizationId: string; reason: string },
) {
  const recon = await lockOpen(db, id)
  // Matching posts the recon's amount as the purchase's clearing: a merchant's refund would charge the holder
  // instead of paying them back. It is refunded to the holder or written off instead.
  if (isRefund(recon))
    throw new DomainError('recon_not_matchable', say('recon_is_refund'), { authorizationId: say('recon_is_refund') })
  const auth = await db
    .selectFrom('card_authorizations')
    .selectAll()
    .where('id', '=', input.authorizationId)
    .forUpdate()
    .executeTakeFirst()
  if (!auth)
    throw new DomainError('not_found', say('no_such_authorization'), { authorizationId: say('no_such_authorization') })
  const hold = auth.hold_id
    ? await db.selectFrom('holds').select('status').where('id', '=', auth.hold_id).executeTakeFirst()
    : undefined
  if (auth.status !== 'approved' || hold?.status !== 'pending')
    throw new DomainError('recon_not_matchable', undefined, {
      authorizationId: say('authorization_no_pending_hold', { status: auth.status }),
    })
  if (recon.authorization_id && recon.authorization_id !== auth.id) {
    const own = await db
      .selectFrom('card_authorizations')
      .select('card_id')
      .where('id', '=', recon.authorization_id)
      .executeTakeFirstOrThrow()
    if (own.card_id !== auth.card_id)
      throw new DomainError('recon_not_matchable', say('authorization_another'), {
        authorizationId: say('choose_authorization'),
      })
  }
  const journalId = await postClearing(deps, db, auth, recon.amount)
  return resolve(deps, db, actor, id, 'failed_recon.match', input.reason, {
    status: 'matched',
    journal_id: journalId,
    matched_authorization_id: auth.id,
  })
}

/**
 * Writes a failed recon off: the platform absorbs the amount the network cleared (write_offs → card_settlement); no
 * holder is charged.
 */
export async function writeOffRecon(deps: Deps, db: Tx, actor: Actor, id: string, input: { reason: string }) {
  const recon = await lockOpen(db, id)
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: 'recon_write_off',
    accountId: null,
    title: title('recon_write_off', { reason: input.reason }),
    reference: recon.network_id,
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'write_offs', asset: 'USDC' }),
        side: 'debit',
        amount: recon.amount,
        asset: 'USDC',
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, {
          accountId: null,
          code: 'card_settlement',
          asset: 'USDC',
        }),
        side: 'credit',
        amount: recon.amount,
        asset: 'USDC',
      },
    ],
  })
  return resolve(deps, db, actor, id, 'failed_recon.write_off', input.reason, {
    status: 'written_off',
    journal_id: journalId,
  })
}

/**
 * Refunds a failed recon's amount to the holder (card_settlement → their USDC cash), as a card refund would.
 * The holder is the recon's authorization's account, or the account the admin names when there is none; never an
 * account the admin belongs to.
 */
export async function refundRecon(
  deps: Deps,
  db: Tx,
  actor: Actor,
  id: string,
  input: { reason: string; accountId?: string | undefined },
) {
  const recon = await lockOpen(db, id)
  const auth = recon.authorization_id
    ? await db
        .selectFrom('card_authorizations')
        .select(['account_id', 'merchant_name', 'status', 'refunded_amount'])
        .where('id', '=', recon.authorization_id)
        .forUpdate()
        .executeTakeFirst()
    : undefined
  const accountId = auth?.account_id ?? input.accountId
  if (!accountId)
    throw new DomainError('recon_holder_unknown', undefined, { accountId: say('enter_account_id_refund') })
  const account = await db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst()
  if (!account) throw new DomainError('not_found', say('no_such_account'), { accountId: say('no_account_with_id') })
  await refuseOwnAccount(deps, db, actor.userId, accountId, {
    action: 'failed_recon.refund',
    subjectType: 'failed_recon',
    subjectId: id,
  })
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: 'recon_refund',
    accountId,
    title: title('recon_refund', { merchant: auth?.merchant_name ?? null, reason: input.reason }),
    reference: recon.network_id,
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, {
          accountId: null,
          code: 'card_settlement',
          asset: 'USDC',
        }),
        side: 'debit',
        amount: recon.amount,
        asset: 'USDC',
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset: 'USDC' }),
        side: 'credit',
        amount: recon.amount,
        asset: 'USDC',
      },
    ],
  })
  // A merchant's refund that came before its purchase cleared (the purchase still approved), paid by hand: the
  // purchase records it, so its clearing earns cashback and points on what the holder was left paying.
  if (auth?.status === 'approved' && isRefund(recon))
    await db
      .updateTable('card_authorizations')
      .set({ refunded_amount: auth.refunded_amount + recon.amount, updated_at: deps.now() })
      .where('id', '=', recon.authorization_id!)
      .execute()
  return resolve(deps, db, actor, id, 'failed_recon.refund', input.reason, {
    status: 'refunded',
    journal_id: journalId,
    refund_account_id: accountId,
  })
}
