import { say } from '../../domain/error-message'
import type { Selectable } from 'kysely'
import {
  assertCardCount,
  assertVerified,
  CARD_COUNT_LIMITS,
  physicalCardFee,
  SHIPPING_DAYS,
  type CardKind,
} from '../../domain/card-issuing'
import {
  cardStatusReason,
  cardStatusReasonText,
  onlyCancellable,
  type CardStatusReason,
} from '../../domain/card-status-reason'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { CardsTable } from '../db/schema'
import type { Deps, Principal } from '../http/route-table'
import type { Tx } from '../db/connect'
import { accountVerification } from '../accounts/verification'

const limit = (v: bigint | null) => (v === null ? null : toDecimal(v, 'USDC'))

export function cardView(c: Selectable<CardsTable>) {
  return {
    id: c.id,
    accountId: c.account_id,
    cardholderUserId: c.cardholder_user_id,
    kind: c.kind,
    status: c.status,
    statusReason: c.status_reason && cardStatusReasonText(c.status_reason, 'en-US'),
    statusReasonKey: c.status_reason,
    last4: c.last4,
    expiry: `${String(c.expiry_month).padStart(2, '0')}/${String(c.expiry_year).slice(-2)}`,
    nameOnCard: c.name_on_card,
    limits: { perPurchase: limit(c.per_purchase_limit), daily: limit(c.daily_limit), monthly: limit(c.monthly_limit) },
    shipping:
      c.kind === 'physical' && c.shipping_status
        ? {
            status: c.shipping_status,
            eta: iso(c.shipping_eta),
            city: c.shipping_address?.city ?? '',
            country: c.shipping_address?.country ?? '',
            shippedAt: iso(c.shipped_at),
            deliveredAt: iso(c.delivered_at),
            activatedAt: iso(c.activated_at),
          }
        : null,
    orderFee: toDecimal(c.order_fee, 'USDC'),
  }
}
const iso = (d: Date | null) => (d === null ? null : d.toISOString())

const MANAGERS = new Set(['holder', 'owner', 'admin'])
const roleOn = (principal: Principal, accountId: string) =>
  principal.memberships.find((m) => m.accountId === accountId)?.role

/** The cards a caller may see: all of the account's for its holder, owners and admins; a member's own only. */
export async function listCards(db: Tx, principal: Principal, accountId: string) {
  let query = db.selectFrom('cards').selectAll().where('account_id', '=', accountId).orderBy('created_at')
  if (!MANAGERS.has(roleOn(principal, accountId) ?? ''))
    query = query.where('cardholder_user_id', '=', principal.userId)
  return { items: (await query.execute()).map(cardView) }
}

type Limits = {
  perPurchase?: string | null | undefined
  daily?: string | null | undefined
  monthly?: string | null | undefined
}
const parseLimit = (v: string | null | undefined, field: string) => {
  if (v === undefined || v === null || v === '') return null
  try {
    return parsePositiveAmount(v, 'USDC')
  } catch (error) {
    if (error instanceof DomainError) throw error.at(field)
    throw error
  }
}

/**
 * Issues a virtual card, ready at once. A holder issues their own; a company's owner or admin issues one to
 * any of its people, with limits.
 */
export async function issueCard(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  input: { cardholderUserId?: string | undefined; limits?: Limits | undefined },
) {
  const { member } = await assertMayOrder(db, principal, accountId, 'virtual', input.cardholderUserId)
  const now = deps.now()
  const id = deps.newId()
  const cardholder = member.id
  const perPurchase = parseLimit(input.limits?.perPurchase, 'perPurchase')
  const daily = parseLimit(input.limits?.daily, 'daily')
  const monthly = parseLimit(input.limits?.monthly, 'monthly')
  if (daily !== null && monthly !== null && daily > monthly)
    throw new DomainError('invalid_request', say('daily_over_monthly'), {
      daily: say('daily_over_monthly'),
    })
  await db
    .insertInto('cards')
    .values({
      id,
      account_id: accountId,
      cardholder_user_id: cardholder,
      kind: 'virtual',
      status: 'active',
      last4: last4Of(id),
      expiry_month: now.getUTCMonth() + 1,
      expiry_year: now.getUTCFullYear() + 4,
      name_on_card: member.name.toUpperCase(),
      per_purchase_limit: perPurchase,
      daily_limit: daily,
      monthly_limit: monthly,
    })
    .execute()
  return cardView(await db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** The last four digits of a new card, derived from its id (the issuer's number ends in them). */
export const last4Of = (id: string) =>
  String(Number.parseInt(id.replaceAll('-', '').slice(-6), 16) % 10_000).padStart(4, '0')

/**
 * Everything an order must pass before anything is written: the cardholder is one of the account's people,
 * the account's KYC (personal) or KYB (corporate) is approved, and the tier allows one more card of the kind.
 */
export async function assertMayOrder(
  db: Tx,
  principal: Principal,
  accountId: string,
  kind: CardKind,
  cardholderUserId: string | undefined,
) {
  const ordering = await cardOrdering(db, principal, accountId)
  assertVerified(ordering.verification)
  const cardholder = cardholderUserId ?? principal.userId
  const member = await db
    .selectFrom('account_members')
    .innerJoin('users', 'users.id', 'account_members.user_id')
    .select(['users.id', 'users.name'])
    .where('account_members.account_id', '=', accountId)
    .where('account_members.user_id', '=', cardholder)
    .executeTakeFirst()
  if (!member)
    throw new DomainError('invalid_request', say('person_not_part_account'), {
      cardholderUserId: say('choose_person'),
    })
  assertCardCount(ordering.accountKind, ordering.tier, kind, ordering[kind].count)
  return { member, ordering }
}

/**
 * What the order page shows before anything is typed: the verification gate, the tier's counts and the physical card
 * fee.
 */
export async function cardOrdering(db: Tx, _principal: Principal, accountId: string) {
  const account = await db
    .selectFrom('accounts')
    .select(['kind', 'tier'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  const verification = await accountVerification(db, accountId)
  const counts = await db.selectFrom('cards').select(['kind', 'status']).where('account_id', '=', accountId).execute()
  const live = (kind: CardKind) => counts.filter((c) => c.kind === kind && c.status !== 'cancelled').length
  const everPhysical = counts.filter((c) => c.kind === 'physical').length
  const max = CARD_COUNT_LIMITS[account.kind][account.tier]
  return {
    accountKind: account.kind,
    verification,
    tier: account.tier,
    virtual: { count: live('virtual'), max: max.virtual },
    physical: {
      count: live('physical'),
      max: max.physical,
      fee: physicalCardFee(everPhysical),
      etaDays: SHIPPING_DAYS.delivered,
    },
  }
}

/** A card the caller may act on: its own, or any of the account's for a manager. */
export async function cardFor(db: Tx, principal: Principal, cardId: string) {
  const card = await db.selectFrom('cards').selectAll().where('id', '=', cardId).forUpdate().executeTakeFirst()
  const role = card ? roleOn(principal, card.account_id) : undefined
  if (!card || !role || (!MANAGERS.has(role) && card.cardholder_user_id !== principal.userId))
    throw new DomainError('not_found', say('no_such_card'))
  return { card, manager: MANAGERS.has(role) }
}

/** Freeze, unfreeze or cancel. A cancelled card stays cancelled. */
export async function setCardStatus(
  db: Tx,
  principal: Principal,
  cardId: string,
  status: 'active' | 'frozen' | 'cancelled',
) {
  const { card } = await cardFor(db, principal, cardId)
  return applyCardStatus(db, card, status, status === 'active' ? null : cardStatusReason('by_you', { status }))
}

/**
 * Writes a card's new status (the caller checked who may); a cancelled card stays cancelled. A card frozen because
 * its holder left the company can only be cancelled: they may still know its number, so no one (the company's
 * managers, Cash's staff) brings it back, and freezing it again would swap the reason that keeps it so.
 */
export async function applyCardStatus(
  db: Tx,
  card: Selectable<CardsTable>,
  status: 'active' | 'frozen' | 'cancelled',
  reason: CardStatusReason | null,
) {
  if (card.status === 'cancelled') throw new DomainError('invalid_request', say('card_cancelled_good'))
  if (onlyCancellable(card.status_reason) && status !== 'cancelled')
    throw new DomainError('invalid_request', say('card_holder_left'))
  const statusReason = status === 'active' ? null : reason
  await db
    .updateTable('cards')
    .set({ status, status_reason: statusReason && JSON.stringify(statusReason) })
    .where('id', '=', card.id)
    .execute()
  return cardView({ ...card, status, status_reason: statusReason })
}

/** Per-card limits; only the account's managers change them (a member cannot raise their own). */
export async function setCardLimits(db: Tx, principal: Principal, cardId: string, limits: Limits) {
  const { card, manager } = await cardFor(db, principal, cardId)
  if (!manager) throw new DomainError('forbidden', say('only_managers_card_limits'))
  return applyCardLimits(db, card, limits)
}

/** Writes a card's own limits (the caller checked who may); empty means no card limit. */
export async function applyCardLimits(db: Tx, card: Selectable<CardsTable>, limits: Limits) {
  const values = {
    per_purchase_limit: parseLimit(limits.perPurchase, 'perPurchase'),
    daily_limit: parseLimit(limits.daily, 'daily'),
    monthly_limit: parseLimit(limits.monthly, 'monthly'),
  }
  await db.updateTable('cards').set(values).where('id', '=', card.id).execute()
  return cardView({ ...card, ...values })
}
