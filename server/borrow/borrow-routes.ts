import { z } from 'zod'
import { AccountParams } from '../../domain/api/account.schema'
import {
  LiquidationsResponse,
  LiquidationView,
  ModeBody,
  ModeResponse,
  PriceBody,
  PricesResponse,
} from '../../domain/api/borrow.schema'
import { HeldAssetSchema } from '../../domain/api/common.schema'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { PriceTable } from '../../domain/prices'
import { recordAudit } from '../audit/audit'
import { refuseOwnAccount } from '../admin/own-account'
import { defineRoute } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import { markForAlerts } from '../alerts/alert-checks'
import { liquidate, liquidationView } from './liquidation-service'
import { getMode, requestModeChange } from './mode-service'
import { priceList } from '../prices/price-book'

const prices = (table: PriceTable) => ({
  items: priceList(table).map((p) => ({ asset: p.asset, usdPrice: toDecimal(p.usdPrice, 'USDC') })),
})

export const borrowRoutes = [
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/mode',
    summary:
      'The account’s mode (Direct Pay or Borrow), a switch waiting out the mode delay, and what blocks switching',
    tag: 'borrow',
    access: { kind: 'account', roles: ['holder', 'owner', 'admin', 'member'] },
    params: AccountParams,
    response: ModeResponse,
    handler: ({ deps, db, params }) => getMode(deps, db, params.accountId),
  }),
  defineRoute({
    method: 'put',
    path: '/accounts/:accountId/mode',
    whenFrozen: 'allow',
    summary:
      'Switch mode after the mode delay (confirmed); back to Direct Pay needs ' +
      'the debt repaid. Asking for the current mode cancels a pending switch.',
    tag: 'borrow',
    access: { kind: 'account', roles: ['holder', 'owner', 'admin'] },
    params: AccountParams,
    body: ModeBody,
    response: ModeResponse,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely.transaction().execute((tx) => requestModeChange(deps, tx, principal!, params.accountId, body)),
  }),
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/liquidations',
    summary: 'Liquidations of the account’s Borrow position, newest first: what was sold and what was repaid',
    tag: 'borrow',
    access: { kind: 'account', roles: ['holder', 'owner', 'admin', 'member'] },
    params: AccountParams,
    response: LiquidationsResponse,
    handler: async ({ db, params }) => ({
      items: (
        await db
          .selectFrom('liquidations')
          .selectAll()
          .where('account_id', '=', params.accountId)
          .orderBy('created_at', 'desc')
          .limit(50)
          .execute()
      ).map(liquidationView),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/prices',
    summary: 'Current USD prices of the assets a safe holds',
    tag: 'borrow',
    access: { kind: 'user' },
    response: PricesResponse,
    handler: async ({ deps }) => prices(deps.prices()),
  }),
  defineRoute({
    method: 'put',
    path: '/admin/prices/:asset',
    summary: 'Set a sandbox price (admins); positions are checked against it at once',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    params: z.object({ asset: HeldAssetSchema }),
    body: PriceBody,
    response: PricesResponse,
    handler: async ({ deps, db, params, body, principal }) => {
      let price: bigint
      try {
        price = parsePositiveAmount(body.usdPrice, 'USDC')
      } catch (error) {
        if (error instanceof DomainError) throw error.at('usdPrice')
        throw error
      }
      const before = deps.prices()[params.asset]
      // The price and its audit line land together (the price moves every borrower's health).
      const table = await deps.db.kysely.transaction().execute(async (tx) => {
        await recordAudit(deps, tx, {
          actorId: principal!.userId,
          action: 'price.set',
          subjectType: 'price',
          subjectId: params.asset,
          before: { asset: params.asset, usdPrice: toDecimal(before, 'USDC') },
          after: { asset: params.asset, usdPrice: toDecimal(price, 'USDC') },
        })
        return deps.priceBook.set(tx, params.asset, price, principal!.userId)
      })
      await enqueue(db, deps, { kind: 'positions.check', payload: { once: true }, runAt: deps.now() })
      // A price moves every borrower's health: their health alerts are evaluated again.
      const owing = await db
        .selectFrom('ledger_accounts')
        .select('account_id')
        .where('code', '=', 'debt')
        .where('asset', '=', 'USDC')
        .whereRef('debits_posted', '>', 'credits_posted')
        .execute()
      await markForAlerts(
        db,
        owing.flatMap((o) => (o.account_id ? [o.account_id] : [])),
      )
      return prices(table)
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/accounts/:accountId/liquidate',
    // The ledger refuses a posting the balances cannot cover.
    errorStatuses: [422],
    summary:
      'Liquidate an unhealthy Borrow position now (admins): half the debt from collateral, the rest if still unhealthy',
    tag: 'admin',
    access: { kind: 'platform_admin' },
    status: 201,
    params: AccountParams,
    response: LiquidationView,
    handler: ({ deps, params, principal }) =>
      deps.db.kysely.transaction().execute(async (tx) => {
        await refuseOwnAccount(deps, tx, principal!.userId, params.accountId, {
          action: 'account.liquidate',
          subjectType: 'account',
          subjectId: params.accountId,
        })
        const done = await liquidate(deps, tx, params.accountId, { trigger: 'admin', adminUserId: principal!.userId })
        await recordAudit(deps, tx, {
          actorId: principal!.userId,
          action: 'account.liquidate',
          subjectType: 'account',
          subjectId: params.accountId,
          before: { debt: done.debtBefore, health: done.healthBefore },
          after: done,
        })
        return done
      }),
  }),
]
