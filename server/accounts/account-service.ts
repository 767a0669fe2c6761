import { say } from '../../domain/error-message'
import type { MovementTitle } from '../../domain/movement-title'
import { sql, type Selectable } from 'kysely'
import type { BalancesResponse, ActivityResponse } from '../../domain/api/account.schema'
import { HELD_ASSETS, isHeldAsset, type HeldAsset } from '../../domain/asset'
import { SPEND_HOLD_KINDS, WITHDRAWAL_HOLD_KIND } from '../../domain/activity-kinds'
import { localDays } from '../../domain/calendar'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import { usdValue, type PriceTable } from '../../domain/prices'
import { borrowLimit, bpsToRatio, computeSpendable, healthBps, liquidationValue } from '../../domain/spendable'
import { HEALTH_WARNING_BPS, healthStatus } from '../../domain/borrow'
import type { MemberRole } from '../../domain/account-rules'
import type { AccountsTable } from '../db/schema'
import { accountBalance, type LedgerAccount } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'

const zeroes = (): Record<HeldAsset, bigint> => ({ USDC: 0n, USDT: 0n, ETH: 0n, weETH: 0n })

export type LimitCounts = { today: bigint; month: bigint; spend: bigint; withdrawal: bigint }
export type LimitWindow = { accountId: string; today: string; monthFirst: string }

/**
 * In one query, for each account: USDC counted against the limits today and this month (posted spends and sends,
 * plus those still on hold, each on the local day it was made), and the USDC pending on hold for purchases and for
 * a withdrawal. Read from the running totals the database keeps (migration 0028): a few rows, whatever the history.
 */
export async function limitsAndHolds(db: Tx, accounts: LimitWindow[]): Promise<Map<string, LimitCounts>> {
  if (accounts.length === 0) return new Map()
  const result = await sql<LimitCounts & { account_id: string }>`
    SELECT p.account_id,
      COALESCE((SELECT sum(d.amount) FILTER (WHERE d.day >= p.today) FROM account_limit_days d
        WHERE d.account_id = p.account_id AND d.day >= p.month_first), 0) AS today,
      COALESCE((SELECT sum(d.amount) FROM account_limit_days d WHERE d.account_id = p.account_id
        AND d.day >= p.month_first), 0) AS month,
      COALESCE((SELECT sum(h.amount) FROM account_pending_holds h WHERE h.account_id = p.account_id AND h.kind
        IN (${sql.join([...SPEND_HOLD_KINDS])})), 0) AS spend,
      COALESCE((SELECT sum(h.amount) FROM account_pending_holds h WHERE h.account_id = p.account_id
        AND h.kind = ${WITHDRAWAL_HOLD_KIND}), 0) AS withdrawal
    FROM unnest(${accounts.map((a) => a.accountId)}::uuid[], ${accounts.map((a) => a.today)}::date[],
      ${accounts.map((a) => a.monthFirst)}::date[]) AS p(account_id, today, month_first)`.execute(db)
  return new Map(
    result.rows.map((r) => [
      r.account_id,
      { today: r.today, month: r.month, spend: r.spend, withdrawal: r.withdrawal },
    ]),
  )
}

/** The account's money position from rows already read: its ledger accounts and what counts against its limits. */
export function positionOf<A extends Pick<Selectable<AccountsTable>, 'mode' | 'daily_limit' | 'monthly_limit'>>(
  account: A,
  ledger: LedgerAccount[],
  counted: LimitCounts,
  prices: PriceTable,
) {
  const posted = zeroes()
  const available = zeroes()
  let debt = 0n
  let pendingBorrowed = 0n
  for (const la of ledger) {
    if (!isHeldAsset(la.asset)) continue
    const b = accountBalance(la)
    if (la.code === 'cash') {
      posted[la.asset] = b.balance
      available[la.asset] = b.available
    } else if (la.code === 'debt') {
      debt = b.balance
      pendingBorrowed = la.debits_pending
    }
  }
  const holds = { spend: counted.spend, withdrawal: counted.withdrawal }
  const spendable = computeSpendable({
    mode: account.mode,
    balances: posted,
    collateral: available,
    pendingHolds: holds.spend,
    pendingBorrowed,
    pendingWithdrawal: holds.withdrawal,
    debt,
    prices,
    dailyLimit: account.daily_limit,
    monthlyLimit: account.monthly_limit,
    spentToday: counted.today,
    spentThisMonth: counted.month,
  })
  return { account, ledger, posted, available, debt, pendingBorrowed, holds, spendable, spentToday: counted.today }
}

/** The holder's local day and month starts at `now`, as limitsAndHolds takes them. */
export const limitWindow = (account: Selectable<AccountsTable>, now: Date): LimitWindow => ({
  accountId: account.id,
  ...localDays(now, account.time_zone),
})

/**
 * The account's money position from the ledger: posted and free balances, debt, holds, spendable, and the
 * account's ledger accounts. A caller that has just read (and locked) the account row passes it as `account`.
 */
export async function loadPosition(
  db: Tx,
  accountId: string,
  now: Date,
  prices: PriceTable,
  known: { account?: Selectable<AccountsTable> } = {},
) {
  const account =
    known.account ?? (await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst())
  if (!account) throw new DomainError('not_found', say('no_such_account'))
  const ledger = await db.selectFrom('ledger_accounts').selectAll().where('account_id', '=', accountId).execute()
  const counted = (await limitsAndHolds(db, [limitWindow(account, now)])).get(accountId)!
  return positionOf(account, ledger, counted, prices)
}

/** Balances by asset, debt, and spendable, all derived from the ledger. */
export async function getBalances(db: Tx, accountId: string, now: Date, prices: PriceTable): Promise<BalancesResponse> {
  const { account, posted, available, debt, holds, spendable: s } = await loadPosition(db, accountId, now, prices)
  const usd = (v: bigint) => toDecimal(v, 'USDC')
  const pendingMode = await db
    .selectFrom('account_mode_changes')
    .select(['to_mode', 'effective_at'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return {
    accountId: account.id,
    accountName: account.name,
    accountKind: account.kind,
    mode: account.mode,
    safeAddress: account.safe_address,
    balances: HELD_ASSETS.map((asset) => ({
      asset,
      balance: toDecimal(posted[asset], asset),
      available: toDecimal(available[asset], asset),
      usdValue: usd(usdValue(posted[asset], asset, prices)),
    })),
    spendable: usd(s.spendable),
    limitedBy: s.limitedBy,
    dailyLimit: usd(account.daily_limit),
    dailyLeft: usd(s.dailyLeft),
    monthlyLimit: usd(account.monthly_limit),
    monthlyLeft: usd(s.monthlyLeft),
    debt: usd(debt),
    borrowLimit: usd(borrowLimit(posted, prices)),
    pendingHolds: usd(holds.spend),
    health: healthOf(posted, prices, debt),
    pendingModeChange: pendingMode
      ? { toMode: pendingMode.to_mode, effectiveAt: pendingMode.effective_at.toISOString() }
      : null,
  }
}

/** The health meter: null when nothing is owed. */
function healthOf(posted: Record<HeldAsset, bigint>, prices: PriceTable, debt: bigint) {
  const bps = healthBps(posted, prices, debt)
  if (bps === null) return null
  return {
    factor: bpsToRatio(bps),
    status: healthStatus(bps),
    warningFactor: bpsToRatio(HEALTH_WARNING_BPS),
    liquidationValue: toDecimal(liquidationValue(posted, prices), 'USDC'),
  }
}

/** The latest journals touching the account, one line per asset, signed as the holder sees them. */
export async function getActivity(db: Tx, accountId: string, limit: number): Promise<ActivityResponse> {
  const rows = await db
    .selectFrom('journals as j')
    .innerJoin('entries as e', 'e.journal_id', 'j.id')
    .innerJoin('ledger_accounts as la', 'la.id', 'e.ledger_account_id')
    .select(['j.id', 'j.kind', 'j.title', 'j.created_at', 'e.side', 'e.amount', 'la.code', 'la.asset'])
    .where('la.account_id', '=', accountId)
    .where('j.id', 'in', (qb) =>
      qb
        .selectFrom('journals as recent')
        .select('recent.id')
        .where('recent.account_id', '=', accountId)
        .orderBy('recent.created_at', 'desc')
        .limit(limit),
    )
    .orderBy('j.created_at', 'desc')
    .execute()
  // Per journal and asset: the change to cash if cash moved, else the change in debt seen as money out.
  const lines = new Map<
    string,
    {
      id: string
      kind: string
      title: MovementTitle
      asset: HeldAsset
      createdAt: string
      cash: bigint | null
      debt: bigint
    }
  >()
  for (const r of rows) {
    if (!isHeldAsset(r.asset)) continue
    const key = `${r.id}:${r.asset}`
    const line = lines.get(key) ?? {
      id: r.id,
      kind: r.kind,
      title: r.title,
      asset: r.asset,
      createdAt: r.created_at.toISOString(),
      cash: null,
      debt: 0n,
    }
    const signed = r.side === 'credit' ? r.amount : -r.amount
    if (r.code === 'cash') line.cash = (line.cash ?? 0n) + signed
    else if (r.code === 'debt') line.debt += signed
    lines.set(key, line)
  }
  return {
    items: [...lines.values()].map(({ cash, debt, ...line }) => ({
      ...line,
      amount: toDecimal(cash ?? debt, line.asset),
    })),
  }
}

/** A person's role on an account, or undefined when they are not (or no longer) one of its people. */
export async function memberRole(db: Tx, accountId: string, userId: string): Promise<MemberRole | undefined> {
  const row = await db
    .selectFrom('account_members')
    .select('role')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.role
}
