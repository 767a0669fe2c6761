import { z } from 'zod'
import { AccountParams } from '../../domain/api/account.schema'
import {
  ConversionResult,
  ConvertQuoteBody,
  EarnResponse,
  ExecuteQuoteBody,
  QuoteView,
  StakeQuoteBody,
  VaultAmountBody,
  VaultApyBody,
  VaultApyView,
  VaultDepositResult,
  VaultIdSchema,
  VaultWithdrawalView,
} from '../../domain/api/grow.schema'
import { defineRoute } from '../http/route-table'
import { createQuote, executeQuote } from './convert-service'
import { cancelVaultWithdrawal, depositToVault, getEarn, requestVaultWithdrawal, setVaultApy } from './earn-service'

const act = ['holder', 'owner', 'admin'] as const
const read = ['holder', 'owner', 'admin', 'member'] as const

export const growRoutes = [
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/convert/quotes',
    whenFrozen: 'allow',
    // Not enough balance to convert.
    errorStatuses: [422],
    summary:
      'Quote a conversion between USDC, USDT, ETH and weETH at today’s ' +
      'price less a 0.3 % spread; the rate holds for 30 seconds',
    tag: 'grow',
    access: { kind: 'account', roles: act },
    status: 201,
    params: AccountParams,
    body: ConvertQuoteBody,
    response: QuoteView,
    handler: ({ deps, db, params, body }) => createQuote(deps, db, params.accountId, 'convert', body),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/convert/executions',
    // The quote named is not this account’s.
    errorStatuses: [404],
    summary:
      'Execute a conversion quote (confirmed, once). An expired quote is ' +
      'refused (quote_expired) with `details.freshQuote` to offer instead.',
    tag: 'grow',
    access: { kind: 'account', roles: act },
    moneyMoving: true,
    whenFrozen: 'refuse',
    status: 201,
    params: AccountParams,
    body: ExecuteQuoteBody,
    response: ConversionResult,
    handler: ({ deps, db, params, body, principal }) =>
      executeQuote(deps, db, principal!, params.accountId, 'convert', body),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/earn/weeth/quotes',
    whenFrozen: 'allow',
    // Not enough balance to stake.
    errorStatuses: [422],
    summary: 'Quote staking ETH for weETH at ETH price ÷ weETH price (no spread); the rate holds for 30 seconds',
    tag: 'grow',
    access: { kind: 'account', roles: act },
    status: 201,
    params: AccountParams,
    body: StakeQuoteBody,
    response: QuoteView,
    handler: ({ deps, db, params, body }) =>
      createQuote(deps, db, params.accountId, 'stake', { from: 'ETH', to: 'weETH', amount: body.amount }),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/earn/weeth/stakes',
    // The quote named is not this account’s.
    errorStatuses: [404],
    summary:
      'Stake ETH for weETH by quote (confirmed, once); an expired ' +
      'quote is refused with a fresh one in `details.freshQuote`',
    tag: 'grow',
    access: { kind: 'account', roles: act },
    moneyMoving: true,
    whenFrozen: 'refuse',
    status: 201,
    params: AccountParams,
    body: ExecuteQuoteBody,
    response: ConversionResult,
    handler: ({ deps, db, params, body, principal }) =>
      executeQuote(deps, db, principal!, params.accountId, 'stake', body),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/earn',
    summary:
      'Liquid vault positions (value, yield earned, APY, 30-day ' +
      'history), the withdrawal settlement queue, and weETH held',
    tag: 'grow',
    access: { kind: 'account', roles: read },
    params: AccountParams,
    response: EarnResponse,
    handler: ({ deps, db, params }) => getEarn(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/earn/liquid/deposits',
    summary: 'Deposit from cash into a Liquid vault (confirmed): shares at today’s share price',
    tag: 'grow',
    access: { kind: 'account', roles: act },
    moneyMoving: true,
    whenFrozen: 'refuse',
    status: 201,
    params: AccountParams,
    body: VaultAmountBody,
    response: VaultDepositResult,
    handler: ({ deps, db, params, body, principal }) => depositToVault(deps, db, principal!, params.accountId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/earn/liquid/withdrawals',
    summary:
      'Queue a withdrawal from a Liquid vault (confirmed): paid to cash ' +
      'at the share price at settlement (24 h), cancellable while queued',
    tag: 'grow',
    access: { kind: 'account', roles: act },
    moneyMoving: true,
    whenFrozen: 'refuse',
    status: 201,
    params: AccountParams,
    body: VaultAmountBody,
    response: VaultWithdrawalView,
    handler: ({ deps, db, params, body, principal }) =>
      requestVaultWithdrawal(deps, db, principal!, params.accountId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/accounts/:accountId/earn/liquid/withdrawals/:withdrawalId/cancel',
    whenFrozen: 'allow',
    summary: 'Cancel a queued vault withdrawal: its shares return to the position',
    tag: 'grow',
    access: { kind: 'account', roles: act },
    params: AccountParams.extend({ withdrawalId: z.uuid() }),
    response: VaultWithdrawalView,
    handler: ({ deps, params }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) => cancelVaultWithdrawal(deps, tx, params.accountId, params.withdrawalId)),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/vaults/:vault/apy',
    summary:
      'Set a Liquid vault’s APY from now on (admins, audited): the share ' +
      'price keeps its value and grows at the new rate; the history shows it',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    params: z.object({ vault: VaultIdSchema }),
    body: VaultApyBody,
    response: VaultApyView,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) => setVaultApy(deps, tx, principal!.userId, params.vault, body.apyBps, body.reason)),
  }),
]
