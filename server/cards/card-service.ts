import type { Selectable } from 'kysely'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { CardsTable } from '../db/schema'
import type { Deps, Principal } from '../http/route-table'
import type { Tx } from '../ledger/ledger-service'

const limit = (v: bigint | null) => (v === null ? null : toDecimal(v, 'USDC'))

export function cardView(c: Selectable<CardsTable>) {
  return {
    id: c.id,
    accountId: c.account_id,
    cardholderUserId: c.cardholder_user_id,
    kind: c.kind,
    status: c.status,
    statusReason: c.status_reason,
    last4: c.last4,
    expiry: `${String(c.expiry_month).padStart(2, '0')}/${String(c.expiry_year).slice(-2)}`,
    nameOnCard: c.name_on_card,
    limits: { perPurchase: limit(c.per_purchase_limit), daily: limit(c.daily_limit), monthly: limit(c.monthly_limit) },
  }
}

const MANAGERS = new Set(['holder', 'owner', 'admin'])
const roleOn = (principal: Principal, accountId: string) => principal.memberships.find((m) => m.accountId === accountId)?.role

/** The cards a caller may see: all of the account's for its holder, owners and admins; a member's own only. */
export async function listCards(db: Tx, principal: Principal, accountId: string) {
  let query = db.selectFrom('cards').selectAll().where('account_id', '=', accountId).orderBy('created_at')
  if (!MANAGERS.has(roleOn(principal, accountId) ?? '')) query = query.where('cardholder_user_id', '=', principal.userId)
  return { items: (await query.execute()).map(cardView) }
}

type Limits = { perPurchase?: string | null | undefined; daily?: string | null | undefined; monthly?: string | null | undefined }
const parseLimit = (v: string | null | undefined, field: string) => {
  if (v === undefined || v === null || v === '') return null
  try {
    return parsePositiveAmount(v, 'USDC')
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(error.code, error.message, { [field]: error.message })
    throw error
  }
}

/**
 * Issues a virtual card, ready at once. A holder issues their own; a company's owner or admin issues one to
 * any of its people, with limits.
 */
export async function issueCard(deps: Deps, db: Tx, principal: Principal, accountId: string, input: { cardholderUserId?: string | undefined; limits?: Limits | undefined }) {
  const cardholder = input.cardholderUserId ?? principal.userId
  const member = await db.selectFrom('account_members').innerJoin('users', 'users.id', 'account_members.user_id').select(['users.id', 'users.name']).where('account_members.account_id', '=', accountId).where('account_members.user_id', '=', cardholder).executeTakeFirst()
  if (!member) throw new DomainError('invalid_request', 'This person is not part of the account.', { cardholderUserId: 'Choose someone from your people.' })
  const now = deps.now()
  const id = deps.newId()
  const perPurchase = parseLimit(input.limits?.perPurchase, 'perPurchase')
  const daily = parseLimit(input.limits?.daily, 'daily')
  const monthly = parseLimit(input.limits?.monthly, 'monthly')
  if (daily !== null && monthly !== null && daily > monthly) throw new DomainError('invalid_request', 'The daily limit cannot be above the monthly one.', { daily: 'The daily limit cannot be above the monthly one.' })
  await db
    .insertInto('cards')
    .values({ id, account_id: accountId, cardholder_user_id: cardholder, kind: 'virtual', status: 'active', last4: String(Number.parseInt(id.replaceAll('-', '').slice(-6), 16) % 10_000).padStart(4, '0'), expiry_month: now.getUTCMonth() + 1, expiry_year: now.getUTCFullYear() + 4, name_on_card: member.name.toUpperCase(), per_purchase_limit: perPurchase, daily_limit: daily, monthly_limit: monthly })
    .execute()
  return cardView(await db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** A card the caller may act on: its own, or any of the account's for a manager. */
export async function cardFor(db: Tx, principal: Principal, cardId: string) {
  const card = await db.selectFrom('cards').selectAll().where('id', '=', cardId).forUpdate().executeTakeFirst()
  const role = card ? roleOn(principal, card.account_id) : undefined
  if (!card || !role || (!MANAGERS.has(role) && card.cardholder_user_id !== principal.userId)) throw new DomainError('not_found', 'No such card.')
  return { card, manager: MANAGERS.has(role) }
}

/** Freeze, unfreeze or cancel. A cancelled card stays cancelled. */
export async function setCardStatus(db: Tx, principal: Principal, cardId: string, status: 'active' | 'frozen' | 'cancelled', reason: string | undefined) {
  const { card } = await cardFor(db, principal, cardId)
  if (card.status === 'cancelled') throw new DomainError('invalid_request', 'This card is cancelled for good; order a new one.')
  const statusReason = status === 'active' ? null : (reason ?? (status === 'frozen' ? 'Frozen by you.' : 'Cancelled by you.'))
  await db.updateTable('cards').set({ status, status_reason: statusReason }).where('id', '=', card.id).execute()
  return cardView({ ...card, status, status_reason: statusReason })
}

/** Per-card limits; only the account's managers change them (a member cannot raise their own). */
export async function setCardLimits(db: Tx, principal: Principal, cardId: string, limits: Limits) {
  const { card, manager } = await cardFor(db, principal, cardId)
  if (!manager) throw new DomainError('forbidden', 'Only the account’s owners and admins change card limits.')
  const values = { per_purchase_limit: parseLimit(limits.perPurchase, 'perPurchase'), daily_limit: parseLimit(limits.daily, 'daily'), monthly_limit: parseLimit(limits.monthly, 'monthly') }
  await db.updateTable('cards').set(values).where('id', '=', card.id).execute()
  return cardView({ ...card, ...values })
}
