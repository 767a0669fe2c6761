import { say } from '../../domain/error-message'
import type { z } from 'zod'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import type { ShippingAddress } from '../../domain/api/card-issuing.schema'
import { nextShippingStatus, SHIPPING_DAYS, type ShippingStatus } from '../../domain/card-issuing'
import { DomainError } from '../../domain/errors'
import { verifyConfirmation } from '../auth/confirm'
import type { Deps, Principal } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import { accountBalance, ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { assertMayOrder, cardFor, cardView, last4Of } from './card-service'
import { title } from '../../domain/movement-title'

const DAY = 86_400_000

/**
 * Orders a physical card shipped to `shipping`: gated like every card (KYC/KYB, tier count), then the fee —
 * $0 for the account's first physical card ever, PHYSICAL_CARD_FEE after — posted from the holder's USDC
 * cash to the platform's fees in the same transaction. The carrier reports shipped after 1 day, delivered
 * after 5; the card declines purchases until its holder activates it.
 */
export async function orderPhysicalCard(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  input: {
    cardholderUserId?: string | undefined
    shipping: ShippingAddress
    confirmation?: z.infer<typeof ConfirmationSchema> | undefined
  },
) {
  const { member, ordering } = await assertMayOrder(db, principal, accountId, 'physical', input.cardholderUserId)
  const fee = ordering.physical.fee
  // A free card needs no approval; a paid one is money out, approved like any other.
  if (fee > 0n) await verifyConfirmation(deps, db, principal, input.confirmation)
  const now = deps.now()
  const id = deps.newId()
  let feeJournalId: string | null = null
  if (fee > 0n) {
    const cash = await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset: 'USDC' })
    const row = await db.selectFrom('ledger_accounts').selectAll().where('id', '=', cash).executeTakeFirstOrThrow()
    if (accountBalance(row).available < fee) {
      const message = say('card_fee_not_covered', { fee: String(fee) })
      throw new DomainError('insufficient_funds', message, { fee: message })
    }
    feeJournalId = deps.newId()
    await postJournal(db, {
      id: feeJournalId,
      kind: 'card_fee',
      accountId,
      title: title('physical_card_fee', { name: member.name }),
      reference: id,
      entries: [
        { ledgerAccountId: cash, side: 'debit', amount: fee, asset: 'USDC' },
        {
          ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'fees', asset: 'USDC' }),
          side: 'credit',
          amount: fee,
          asset: 'USDC',
        },
      ],
    })
  }
  const shipping = {
    line1: input.shipping.line1,
    ...(input.shipping.line2 ? { line2: input.shipping.line2 } : {}),
    city: input.shipping.city,
    region: input.shipping.region,
    postalCode: input.shipping.postalCode,
    country: input.shipping.country,
  }
  await db
    .insertInto('cards')
    .values({
      id,
      account_id: accountId,
      cardholder_user_id: member.id,
      kind: 'physical',
      status: 'active',
      last4: last4Of(id),
      expiry_month: now.getUTCMonth() + 1,
      expiry_year: now.getUTCFullYear() + 4,
      name_on_card: member.name.toUpperCase(),
      shipping_status: 'ordered',
      shipping_address: JSON.stringify(shipping),
      shipping_eta: new Date(now.getTime() + SHIPPING_DAYS.delivered * DAY),
      order_fee: fee,
      fee_journal_id: feeJournalId,
      created_at: now,
    })
    .execute()
  await enqueue(db, deps, {
    kind: 'card.shipping',
    payload: { cardId: id, to: 'shipped' },
    runAt: new Date(now.getTime() + SHIPPING_DAYS.shipped * DAY),
  })
  await enqueue(db, deps, {
    kind: 'card.shipping',
    payload: { cardId: id, to: 'delivered' },
    runAt: new Date(now.getTime() + SHIPPING_DAYS.delivered * DAY),
  })
  return cardView(await db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

const ORDER: ShippingStatus[] = ['ordered', 'shipped', 'delivered', 'activated']

/** The carrier reports progress; a status already passed is left alone (jobs and the sandbox may race). */
export async function advanceShipping(deps: Deps, db: Tx, cardId: string, to: 'shipped' | 'delivered') {
  const card = await db.selectFrom('cards').selectAll().where('id', '=', cardId).forUpdate().executeTakeFirst()
  if (card?.kind !== 'physical' || !card.shipping_status || card.status === 'cancelled') return null
  if (ORDER.indexOf(card.shipping_status) >= ORDER.indexOf(to)) return card
  const now = deps.now()
  const values =
    to === 'shipped'
      ? { shipping_status: to, shipped_at: now }
      : { shipping_status: to, shipped_at: card.shipped_at ?? now, delivered_at: now, shipping_eta: now }
  await db.updateTable('cards').set(values).where('id', '=', cardId).execute()
  return { ...card, ...values }
}

/** Sandbox: the carrier's next step now (ordered → shipped → delivered). */
export async function advanceShippingNow(deps: Deps, db: Tx, cardId: string) {
  const card = await db
    .selectFrom('cards')
    .select(['kind', 'shipping_status'])
    .where('id', '=', cardId)
    .executeTakeFirst()
  if (card?.kind !== 'physical' || !card.shipping_status) throw new DomainError('not_found', say('no_physical_card_id'))
  const next = nextShippingStatus(card.shipping_status)
  if (next === null)
    throw new DomainError('card_not_activatable', say('shipping_already', { status: card.shipping_status }))
  return cardView((await advanceShipping(deps, db, cardId, next as 'shipped' | 'delivered'))!)
}

/**
 * The cardholder activates a card that reached them (shipped or delivered: cards often arrive before the
 * carrier's scan) by typing the last 4 digits printed on it.
 */
export async function activateCard(deps: Deps, db: Tx, principal: Principal, cardId: string, last4: string) {
  const { card } = await cardFor(db, principal, cardId)
  if (card.cardholder_user_id !== principal.userId) throw new DomainError('forbidden', say('only_cardholder_activates'))
  if (
    card.kind !== 'physical' ||
    card.status === 'cancelled' ||
    (card.shipping_status !== 'shipped' && card.shipping_status !== 'delivered')
  ) {
    throw new DomainError(
      'card_not_activatable',
      card.shipping_status === 'activated' ? say('card_already_activated') : say('card_activatable_on_way'),
    )
  }
  if (last4 !== card.last4)
    throw new DomainError('card_last4_mismatch', undefined, {
      last4: say('card_last4_wrong'),
    })
  const now = deps.now()
  const values = { shipping_status: 'activated' as const, activated_at: now, delivered_at: card.delivered_at ?? now }
  await db.updateTable('cards').set(values).where('id', '=', card.id).execute()
  return cardView({ ...card, ...values })
}
