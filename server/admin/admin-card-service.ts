import { say } from '../../domain/error-message'
import { sql, type SelectQueryBuilder } from 'kysely'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import type { AdminCardDetail } from '../../domain/api/admin-people.schema'
import { cardStatusReason } from '../../domain/card-status-reason'
import { applyCardLimits, applyCardStatus, cardView } from '../cards/card-service'
import type { Database } from '../db/schema'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { likePattern, parseSearch } from './admin-search'
import { recordAudit } from '../audit/audit'
import { refuseOwnAccount } from './own-account'

type CardQuery = SelectQueryBuilder<
  Database & { c: Database['cards']; a: Database['accounts']; u: Database['users'] },
  'c' | 'a' | 'u',
  object
>

/** Cards with their account and cardholder, filtered by `where`. */
export async function cardSummaries(db: Tx, where: (q: CardQuery) => CardQuery) {
  const base = db
    .selectFrom('cards as c')
    .innerJoin('accounts as a', 'a.id', 'c.account_id')
    .innerJoin('users as u', 'u.id', 'c.cardholder_user_id') as unknown as CardQuery
  const rows = await where(base)
    .select([
      'c.id',
      'c.account_id',
      'a.name as account_name',
      'c.last4',
      'c.kind',
      'c.status',
      'u.id as user_id',
      'u.email',
      'u.name as user_name',
    ])
    .orderBy('c.created_at')
    .limit(50)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    accountName: r.account_name,
    last4: r.last4,
    kind: r.kind,
    status: r.status,
    cardholder: { id: r.user_id, email: r.email, name: r.user_name },
  }))
}

/** Finds cards by last 4 digits, card, account or cardholder id, or the cardholder's e-mail (prefix). */
export async function searchCards(db: Tx, raw: string) {
  const term = parseSearch(raw)
  const items = await cardSummaries(db, (q) => {
    if (term.kind === 'last4') return q.where('c.last4', '=', term.value)
    if (term.kind === 'id')
      return q.where((eb) =>
        eb.or([
          eb('c.id', '=', term.value),
          eb('c.account_id', '=', term.value),
          eb('c.cardholder_user_id', '=', term.value),
        ]),
      )
    if (term.kind === 'email') return q.where(sql<string>`lower(u.email)`, 'like', likePattern(term.value, 'prefix'))
    if (term.kind === 'address')
      return q.where(sql<string>`lower(a.safe_address)`, 'like', likePattern(term.value, 'prefix'))
    return q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(a.name)`, 'like', likePattern(term.value, 'anywhere')),
        eb(sql<string>`lower(u.name)`, 'like', likePattern(term.value, 'anywhere')),
      ]),
    )
  })
  return { items }
}

/** One card with its holder, account and latest authorizations. */
export async function cardDetail(db: Tx, cardId: string): Promise<AdminCardDetail> {
  const card = await db.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirst()
  if (!card) throw new DomainError('not_found', say('no_such_card'))
  const holder = await db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('id', '=', card.cardholder_user_id)
    .executeTakeFirstOrThrow()
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'kind', 'frozen_at'])
    .where('id', '=', card.account_id)
    .executeTakeFirstOrThrow()
  const auths = await db
    .selectFrom('card_authorizations')
    .select(['id', 'network_id', 'amount', 'merchant_name', 'status', 'decline_reason', 'created_at'])
    .where('card_id', '=', cardId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute()
  return {
    card: cardView(card),
    cardholder: holder,
    account: { id: account.id, name: account.name, kind: account.kind, frozen: account.frozen_at !== null },
    authorizations: auths.map((x) => ({
      id: x.id,
      networkId: x.network_id,
      amount: toDecimal(x.amount, 'USDC'),
      merchantName: x.merchant_name,
      status: x.status,
      declineReason: x.decline_reason,
      createdAt: x.created_at.toISOString(),
    })),
  }
}

const statusOf = (c: { status: string; statusReason: string | null }) => ({
  status: c.status,
  statusReason: c.statusReason,
})
const ACTIONS = { frozen: 'card.freeze', active: 'card.unfreeze', cancelled: 'card.cancel' } as const

/**
 * Freezes, unfreezes or cancels a card as staff, through the holder's own card service, audited; never a card of an
 * account the admin belongs to.
 */
export async function adminSetCardStatus(
  deps: Deps,
  tx: Tx,
  actorId: string,
  cardId: string,
  status: 'active' | 'frozen' | 'cancelled',
  reason: string | undefined,
) {
  const card = await tx.selectFrom('cards').selectAll().where('id', '=', cardId).forUpdate().executeTakeFirst()
  if (!card) throw new DomainError('not_found', say('no_such_card'))
  await refuseOwnAccount(deps, tx, actorId, card.account_id, {
    action: ACTIONS[status],
    subjectType: 'card',
    subjectId: cardId,
  })
  if (card.status === status) throw new DomainError('invalid_request', say('card_already', { status }))
  const before = cardView(card)
  const after = await applyCardStatus(
    tx,
    card,
    status,
    status === 'active' ? null : cardStatusReason('by_cash', { status, reason: reason ?? '' }),
  )
  await recordAudit(deps, tx, {
    actorId,
    action: ACTIONS[status],
    subjectType: 'card',
    subjectId: cardId,
    reason: reason ?? null,
    before: statusOf(before),
    after: statusOf(after),
  })
  return after
}

/** Sets a card's own limits as staff (not on an account they belong to), audited with the limits before and after. */
export async function adminSetCardLimits(
  deps: Deps,
  tx: Tx,
  actorId: string,
  cardId: string,
  limits: {
    perPurchase?: string | null | undefined
    daily?: string | null | undefined
    monthly?: string | null | undefined
  },
) {
  const card = await tx.selectFrom('cards').selectAll().where('id', '=', cardId).forUpdate().executeTakeFirst()
  if (!card) throw new DomainError('not_found', say('no_such_card'))
  await refuseOwnAccount(deps, tx, actorId, card.account_id, {
    action: 'card.limits',
    subjectType: 'card',
    subjectId: cardId,
  })
  const before = cardView(card)
  const after = await applyCardLimits(tx, card, limits)
  await recordAudit(deps, tx, {
    actorId,
    action: 'card.limits',
    subjectType: 'card',
    subjectId: cardId,
    before: { limits: before.limits },
    after: { limits: after.limits },
  })
  return after
}
