import { ApiErrorSchema, refusalSays } from '../../domain/api/common.schema'
import { say } from '../../domain/error-message'
import type { Selectable } from 'kysely'
import { z } from 'zod'
import { plainText } from '../../domain/plain-name'
import { AccountParams } from '../../domain/api/account.schema'
import { SandboxEventResponse } from '../../domain/api/money-in.schema'
import {
  HistoryDetail,
  HistoryQuerySchema,
  HistoryResponse,
  CardAuthorizationsResponse,
  CardLimits,
  CardsResponse,
  CardView,
  IssueCardBody,
  SandboxPurchaseBody,
  SandboxPurchaseResponse,
} from '../../domain/api/money-out.schema'
import { DECLINE_REASONS, type DeclineReason } from '../../domain/authorization'
import { DomainError } from '../../domain/errors'
import { verificationReason } from '../../domain/identity'
import { toDecimal } from '../../domain/money'
import type { CardAuthorizationsTable } from '../db/schema'
import { defineRoute } from '../http/route-table'
import type { Tx } from '../db/connect'
import { scheduleWebhook } from '../outbox/provider-outbox'
import { HISTORY_TYPES, historyCsv, historyDetail, listHistory } from '../history/history-service'
import { dataKeys } from '../security/data-keys'
import {
  ActivateCardBody,
  CardDetailsView,
  CardOrderingView,
  OrderPhysicalCardBody,
  RevealCardBody,
  SandboxIncrementBody,
  SandboxIncrementResponse,
} from '../../domain/api/card-issuing.schema'
import { VERIFICATION_STATUSES } from '../../domain/card-issuing'
import { cardFor, cardOrdering, issueCard, listCards, setCardLimits, setCardStatus } from './card-service'
import { revealCard } from './card-details-service'
import { activateCard, advanceShippingNow, orderPhysicalCard } from './physical-card-service'

const read = { kind: 'account', roles: ['holder', 'owner', 'admin', 'member'] } as const
const manage = { kind: 'account', roles: ['holder', 'owner', 'admin'] } as const
const CardParams = z.object({ cardId: z.uuid() })
/** A sandbox verification decision; its reason is what the holder reads, so on one line (plainText). */
const VerificationBody = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  reason: z.string().trim().max(200).check(plainText).optional(),
})

function authorizationView(a: Selectable<CardAuthorizationsTable>, last4: string) {
  const usd = (v: bigint) => toDecimal(v, 'USDC')
  return {
    id: a.id,
    cardId: a.card_id,
    cardLast4: last4,
    amount: usd(a.amount),
    clearedAmount: a.cleared_amount === null ? null : usd(a.cleared_amount),
    refundedAmount: usd(a.refunded_amount),
    merchantName: a.merchant_name,
    merchantCity: a.merchant_city,
    mcc: a.mcc,
    status: a.status,
    declineReason: a.decline_reason,
    declineMessage: a.decline_reason ? (DECLINE_REASONS[a.decline_reason as DeclineReason] ?? a.decline_reason) : null,
    holdExpiresAt: a.status === 'approved' ? a.expires_at.toISOString() : null,
    createdAt: a.created_at.toISOString(),
    updatedAt: a.updated_at.toISOString(),
  }
}

async function authorizations(db: Tx, where: { accountId?: string; cardIds?: string[] }) {
  let q = db
    .selectFrom('card_authorizations')
    .innerJoin('cards', 'cards.id', 'card_authorizations.card_id')
    .selectAll('card_authorizations')
    .select('cards.last4')
    .orderBy('card_authorizations.created_at', 'desc')
    .limit(50)
  if (where.accountId) q = q.where('card_authorizations.account_id', '=', where.accountId)
  if (where.cardIds)
    q = q.where(
      'card_authorizations.card_id',
      'in',
      where.cardIds.length ? where.cardIds : ['00000000-0000-0000-0000-000000000000'],
    )
  return { items: (await q.execute()).map((a) => authorizationView(a, a.last4)) }
}

/** A sandbox clearing, reversal or refund from the card network, delivered by webhook (networks batch these). */
function sandboxNetworkEvent(type: 'clearing' | 'reversal' | 'refund', summary: string) {
  return defineRoute({
    method: 'post',
    path: `/sandbox/card-authorizations/:networkId/${type}`,
    summary,
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    status: 201,
    params: z.object({ networkId: z.string().min(1).max(64) }),
    body: z.object({
      amount: z
        .string()
        .regex(/^\d+(\.\d+)?$/)
        .optional(),
    }),
    response: SandboxEventResponse,
    handler: async ({ deps, db, params, body }) => {
      const auth = await db
        .selectFrom('card_authorizations')
        .select(['amount'])
        .where('network_id', '=', params.networkId)
        .executeTakeFirst()
      const amount = body.amount ?? (auth ? toDecimal(auth.amount, 'USDC') : '0')
      const at = deps.now()
      return {
        eventId: await scheduleWebhook(
          deps,
          db,
          'card',
          type,
          {
            authorizationId: params.networkId,
            amount,
            // The network's id for a refund: each refund its own, delivered again under it (authorization-service).
            ...(type === 'refund' ? { refundId: `ref_${deps.newId().replaceAll('-', '').slice(0, 20)}` } : {}),
            ...(type === 'reversal' ? { reversalId: `rev_${deps.newId().replaceAll('-', '').slice(0, 20)}` } : {}),
          },
          at,
        ),
        deliverAt: at.toISOString(),
      }
    },
  })
}

export const cardRoutes = [
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/history',
    summary:
      'Every movement, newest first: filter by type, status and text; page with `before` (the last item’s cursor)',
    tag: 'history',
    access: read,
    params: AccountParams,
    query: HistoryQuerySchema,
    response: HistoryResponse,
    handler: ({ db, params, query }) => listHistory(db, params.accountId, query),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/history/:type/:id',
    summary: 'One movement with its timeline and details',
    tag: 'history',
    access: read,
    params: AccountParams.extend({ type: z.enum([...HISTORY_TYPES, 'other']), id: z.uuid() }),
    response: HistoryDetail,
    handler: ({ deps, db, params }) =>
      historyDetail(dataKeys(deps.config), db, params.accountId, params.type, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/history.csv',
    summary: 'The filtered history as CSV',
    tag: 'history',
    access: read,
    params: AccountParams,
    // The description column in the page's language (English when not asked).
    query: HistoryQuerySchema.omit({ before: true, limit: true }).extend({
      locale: z.enum(['en-US', 'pt-BR']).optional(),
    }),
    produces: 'csv',
    response: z.string(),
    handler: ({ db, params, query: { locale, ...query } }) => historyCsv(db, params.accountId, query, locale),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/people',
    summary: 'The people of an account, for issuing cards (owners and admins)',
    tag: 'cards',
    access: manage,
    params: AccountParams,
    response: z.object({
      items: z.array(
        z.object({
          userId: z.uuid(),
          name: z.string(),
          email: z.string(),
          role: z.enum(['holder', 'owner', 'admin', 'member']),
        }),
      ),
    }),
    handler: async ({ db, params }) => ({
      items: (
        await db
          .selectFrom('account_members')
          .innerJoin('users', 'users.id', 'account_members.user_id')
          .select(['users.id', 'users.name', 'users.email', 'account_members.role'])
          .where('account_members.account_id', '=', params.accountId)
          .orderBy('users.name')
          .execute()
      ).map((p) => ({ userId: p.id, name: p.name, email: p.email, role: p.role })),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/cards',
    summary: 'The account’s cards (a company member sees only their own)',
    tag: 'cards',
    access: read,
    params: AccountParams,
    response: CardsResponse,
    handler: ({ db, params, principal }) => listCards(db, principal!, params.accountId),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/card-ordering',
    summary:
      'Before ordering: the KYC/KYB gate (with where to go), the tier’s card counts and the next physical card’s fee',
    tag: 'cards',
    access: manage,
    params: AccountParams,
    response: CardOrderingView,
    handler: async ({ db, params, principal }) => {
      const { accountKind: _kind, physical, ...rest } = await cardOrdering(db, principal!, params.accountId)
      return { ...rest, physical: { ...physical, fee: toDecimal(physical.fee, 'USDC') } }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/physical-cards',
    // The sandbox carrier ships on a timer: in production an order would charge its fee for a card no one makes.
    provider: 'carrier',
    summary:
      'Order a physical card to a shipping address (first one free, ' +
      'then the fee from cash; confirmation needed when there is a fee)',
    tag: 'cards',
    access: manage,
    moneyMoving: true,
    whenFrozen: 'refuse',
    status: 201,
    params: AccountParams,
    body: OrderPhysicalCardBody,
    response: CardView,
    handler: ({ deps, db, params, body, principal }) => orderPhysicalCard(deps, db, principal!, params.accountId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/cards/:cardId/activate',
    summary: 'Activate a physical card that arrived, with the last 4 digits printed on it (the cardholder)',
    tag: 'cards',
    access: { kind: 'user' },
    params: CardParams,
    body: ActivateCardBody,
    response: CardView,
    handler: ({ deps, db, params, body, principal }) => activateCard(deps, db, principal!, params.cardId, body.last4),
  }),
  defineRoute({
    method: 'post',
    path: '/cards/:cardId/reveal',
    summary: 'The full number, CVV and expiry, after confirmation (the cardholder only; never stored)',
    tag: 'cards',
    access: { kind: 'user' },
    params: CardParams,
    body: RevealCardBody,
    response: CardDetailsView,
    handler: ({ deps, db, params, body, principal }) =>
      revealCard(deps, db, principal!, params.cardId, body.confirmation),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/cards',
    whenFrozen: 'allow',
    summary: 'Issue a virtual card (to yourself, or as a company owner or admin to one of its people, with limits)',
    tag: 'cards',
    access: manage,
    status: 201,
    params: AccountParams,
    body: IssueCardBody,
    response: CardView,
    handler: ({ deps, db, params, body, principal }) => issueCard(deps, db, principal!, params.accountId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/cards/:cardId/freeze',
    summary: 'Freeze a card: purchases are declined until unfrozen',
    tag: 'cards',
    access: { kind: 'user' },
    params: CardParams,
    response: CardView,
    handler: ({ db, params, principal }) => setCardStatus(db, principal!, params.cardId, 'frozen'),
  }),
  defineRoute({
    method: 'post',
    path: '/cards/:cardId/unfreeze',
    summary: 'Unfreeze a card',
    tag: 'cards',
    access: { kind: 'user' },
    params: CardParams,
    response: CardView,
    handler: ({ db, params, principal }) => setCardStatus(db, principal!, params.cardId, 'active'),
  }),
  defineRoute({
    method: 'post',
    path: '/cards/:cardId/cancel',
    summary: 'Cancel a card for good',
    tag: 'cards',
    access: { kind: 'user' },
    params: CardParams,
    response: CardView,
    handler: ({ db, params, principal }) => setCardStatus(db, principal!, params.cardId, 'cancelled'),
  }),
  defineRoute({
    method: 'put',
    path: '/cards/:cardId/limits',
    summary: 'Set a card’s limits per purchase, per day and per month (owners and admins)',
    tag: 'cards',
    access: { kind: 'user' },
    params: CardParams,
    body: CardLimits,
    response: CardView,
    handler: ({ db, params, body, principal }) => setCardLimits(db, principal!, params.cardId, body),
  }),
  defineRoute({
    method: 'get',
    path: '/cards/:cardId/authorizations',
    summary: 'A card’s purchases: pending with their hold expiry, settled, declined with the reason',
    tag: 'cards',
    access: { kind: 'user' },
    params: CardParams,
    response: CardAuthorizationsResponse,
    handler: async ({ db, params, principal }) => {
      await cardFor(db, principal!, params.cardId)
      return authorizations(db, { cardIds: [params.cardId] })
    },
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/card-authorizations',
    summary: 'The account’s card purchases (a member sees their own cards’ only)',
    tag: 'cards',
    access: read,
    params: AccountParams,
    response: CardAuthorizationsResponse,
    handler: async ({ db, params, principal }) => {
      const visible = (await listCards(db, principal!, params.accountId)).items.map((c) => c.id)
      return authorizations(db, { accountId: params.accountId, cardIds: visible })
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/cards/:cardId/purchases',
    summary:
      'The card network asks for an authorization now and waits (2 s at most, CARD_NETWORK_WAIT_MS) for the decision',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    status: 201,
    params: CardParams,
    body: SandboxPurchaseBody,
    response: SandboxPurchaseResponse,
    handler: async ({ deps, params, body }) => {
      const networkId = `auth_${deps.newId().replaceAll('-', '').slice(0, 20)}`
      const { networkTimeout, ...purchase } = body
      const event = {
        id: `evt_${networkId}`,
        type: 'authorization.request',
        created: deps.now().toISOString(),
        data: { networkId, cardId: params.cardId, ...purchase },
      }
      const delivered = deps.deliverWebhook!({ provider: 'card', event })
      // A sandbox network timeout: the network gives up before the issuer's answer, whatever it is.
      if (networkTimeout) void delivered.catch(() => undefined)
      const timeout = new Promise<null>((resolve) =>
        setTimeout(() => resolve(null), deps.config.CARD_NETWORK_WAIT_MS).unref(),
      )
      const answer = networkTimeout ? null : await Promise.race([delivered, timeout])
      if (!answer) {
        // Like a real network, it declines to the merchant and sends the issuer a timeout advice for what it
        // asked, durably (a job), so a decision that lands after the window is voided, never left on hold.
        await scheduleWebhook(deps, deps.db.kysely, 'card', 'authorization.timeout', event.data, deps.now())
        return { networkId, approved: false, reason: 'timeout', message: DECLINE_REASONS.timeout }
      }
      const json = (await answer.json()) as {
        result?: { approved: boolean; reason?: string; message?: string }
        error?: unknown
      }
      if (!answer.ok || !json.result)
        throw new DomainError(
          'invalid_request',
          refusalSays(ApiErrorSchema.safeParse(json).data?.error, say('authorization_not_decided')),
        )
      return {
        networkId,
        approved: json.result.approved,
        ...(json.result.reason ? { reason: json.result.reason, message: json.result.message ?? '' } : {}),
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/card-authorizations/:networkId/incremental',
    summary:
      'The card network asks to raise an approved authorization by an amount (hotels, fuel) and waits for the decision',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    status: 201,
    params: z.object({ networkId: z.string().min(1).max(64) }),
    body: SandboxIncrementBody,
    response: SandboxIncrementResponse,
    handler: async ({ deps, params, body }) => {
      const incrementId = `inc_${deps.newId().replaceAll('-', '').slice(0, 20)}`
      const event = {
        id: `evt_${incrementId}`,
        type: 'authorization.incremental',
        created: deps.now().toISOString(),
        data: { incrementId, authorizationId: params.networkId, amount: body.amount },
      }
      const answer = await deps.deliverWebhook!({ provider: 'card', event })
      const json = (await answer.json()) as {
        result?: { approved: boolean; total: string; reason?: string; message?: string }
        error?: unknown
      }
      if (!answer.ok || !json.result)
        throw new DomainError(
          'not_found',
          refusalSays(ApiErrorSchema.safeParse(json).data?.error, say('no_such_authorization')),
        )
      return {
        incrementId,
        approved: json.result.approved,
        total: json.result.total,
        ...(json.result.reason ? { reason: json.result.reason, message: json.result.message ?? '' } : {}),
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/cards/:cardId/shipping/advance',
    summary: 'The carrier’s next step for a physical card now (ordered → shipped → delivered)',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    params: CardParams,
    response: CardView,
    handler: ({ deps, db, params }) => advanceShippingNow(deps, db, params.cardId),
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/users/:userId/kyc',
    summary:
      'Force a person’s KYC status now, outside the provider flow (QA; ' +
      '`/sandbox/identity-applications/:reference/decide` decides a real application)',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    params: z.object({ userId: z.uuid() }),
    body: VerificationBody,
    response: VerificationBody,
    handler: async ({ db, params, body }) => {
      const r = await db
        .updateTable('users')
        .set({
          kyc_status: body.status,
          kyc_reason: body.reason ? JSON.stringify(verificationReason('note', { text: body.reason })) : null,
        })
        .where('id', '=', params.userId)
        .executeTakeFirst()
      if (!r.numUpdatedRows) throw new DomainError('not_found', say('no_such_user'))
      return body
    },
  }),
  defineRoute({
    method: 'post',
    path: '/sandbox/accounts/:accountId/kyb',
    summary: 'Force a company’s KYB status now, outside the provider flow (QA)',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    params: AccountParams,
    body: VerificationBody,
    response: VerificationBody,
    handler: async ({ db, params, body }) => {
      const r = await db
        .updateTable('accounts')
        .set({
          kyb_status: body.status,
          kyb_reason: body.reason ? JSON.stringify(verificationReason('note', { text: body.reason })) : null,
        })
        .where('id', '=', params.accountId)
        .executeTakeFirst()
      if (!r.numUpdatedRows) throw new DomainError('not_found', say('no_such_account'))
      return body
    },
  }),
  sandboxNetworkEvent(
    'clearing',
    'The network clears an authorization (optionally for another amount, e.g. with a tip)',
  ),
  sandboxNetworkEvent('reversal', 'The merchant cancels an authorization before clearing'),
  sandboxNetworkEvent('refund', 'The merchant refunds a cleared purchase (all, or an amount)'),
]
