import { messageKey } from '../../domain/error-message'
import { z } from 'zod'
import { AccountParams } from '../../domain/api/account.schema'
import {
  BankDetailsResponse,
  BankTransfersInResponse,
  BridgeQuoteQuery,
  BridgeQuoteResponse,
  BridgeTransferBody,
  BridgeTransfersResponse,
  BridgeTransferView,
  DepositAddressResponse,
  DepositsResponse,
  PixChargeBody,
  PixChargeView,
  PixQuoteQuery,
  PixQuoteResponse,
} from '../../domain/api/money-in.schema'
import { defineRoute } from '../http/route-table'
import { bankDetails, listBankTransfers } from './bank-receive'
import { bridgeView, findBridge, quoteBridge, submitBridge } from './bridges'
import { depositAddress, listDeposits } from './chain-deposits'
import { createPixCharge, getPixCharge, quotePix } from './pix-top-up'

const ANY_MEMBER = ['holder', 'owner', 'admin', 'member'] as const
/** Who may start money moving into the account (members of a company only read). */
const MANAGERS = ['holder', 'owner', 'admin'] as const
const read = { kind: 'account', roles: ANY_MEMBER } as const
const manage = { kind: 'account', roles: MANAGERS } as const

export const moneyInRoutes = [
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/deposit-address',
    // An account without its safe has no deposit address yet.
    errorStatuses: [409],
    summary: 'The safe address to send crypto to, its network and accepted tokens',
    tag: 'money-in',
    access: read,
    params: AccountParams,
    response: DepositAddressResponse,
    handler: ({ db, params }) => depositAddress(db, params.accountId),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/deposits',
    summary: 'Incoming on-chain transfers with their confirmations',
    tag: 'money-in',
    access: read,
    params: AccountParams,
    response: DepositsResponse,
    handler: ({ deps, db, params }) => listDeposits(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/bridge-quote',
    provider: 'bridge',
    summary: 'Fee, amount received and time for a bridge transfer',
    tag: 'money-in',
    access: read,
    params: AccountParams,
    query: BridgeQuoteQuery,
    response: BridgeQuoteResponse,
    handler: async ({ query }) => quoteBridge(query),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/bridge-transfers',
    provider: 'bridge',
    summary: 'Start a Stargate or ether.fi bridge transfer into the account',
    tag: 'money-in',
    access: manage,
    moneyMoving: true,
    whenFrozen: 'allow',
    status: 201,
    params: AccountParams,
    body: BridgeTransferBody,
    response: BridgeTransferView,
    handler: ({ deps, db, params, body }) => submitBridge(deps, db, params.accountId, body),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/bridge-transfers',
    summary: 'Recent bridge transfers of the account',
    tag: 'money-in',
    access: read,
    params: AccountParams,
    response: BridgeTransfersResponse,
    handler: async ({ db, params }) => ({
      items: (
        await db
          .selectFrom('bridge_transfers')
          .selectAll()
          .where('account_id', '=', params.accountId)
          .orderBy('created_at', 'desc')
          .limit(20)
          .execute()
      ).map(bridgeView),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/bridge-transfers/:hash',
    summary: 'One bridge transfer by its source transaction hash (members of its account only)',
    tag: 'money-in',
    access: { kind: 'user' },
    params: z.object({
      hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, messageKey('transaction_hash_format')),
    }),
    response: BridgeTransferView,
    handler: ({ db, params, principal }) => findBridge(db, params.hash, principal!),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/pix/quote',
    provider: 'pix',
    summary: 'What a PIX top-up of an amount in reais credits, with the rate and fee',
    tag: 'money-in',
    access: read,
    params: AccountParams,
    query: PixQuoteQuery,
    response: PixQuoteResponse,
    handler: async ({ query }) => quotePix(query.brlAmount),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/pix/charges',
    provider: 'pix',
    summary: 'Create a PIX BR Code charge with the rate locked for 10 minutes',
    tag: 'money-in',
    access: manage,
    moneyMoving: true,
    whenFrozen: 'allow',
    status: 201,
    params: AccountParams,
    body: PixChargeBody,
    response: PixChargeView,
    handler: ({ deps, db, params, body }) => createPixCharge(deps, db, params.accountId, body.brlAmount),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/pix/charges/:chargeId',
    summary: 'A PIX charge and whether it was paid',
    tag: 'money-in',
    access: read,
    params: AccountParams.extend({ chargeId: z.uuid() }),
    response: PixChargeView,
    handler: ({ db, params }) => getPixCharge(db, params.accountId, params.chargeId),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/bank-details',
    provider: 'bank',
    summary: 'The account’s virtual USD (ACH, wire) and EUR (SEPA) details',
    tag: 'money-in',
    access: read,
    params: AccountParams,
    response: BankDetailsResponse,
    handler: ({ deps, db, params }) => bankDetails(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/bank-transfers-in',
    summary: 'Incoming bank transfers, credited or returned',
    tag: 'money-in',
    access: read,
    params: AccountParams,
    response: BankTransfersInResponse,
    handler: ({ db, params }) => listBankTransfers(db, params.accountId),
  }),
]
