import { sql, type Selectable } from 'kysely'
import type { BalancesResponse, ActivityResponse } from '../../domain/api/account.schema'
import { HELD_ASSETS, isHeldAsset, type HeldAsset } from '../../domain/asset'
import { LIMIT_HOLD_KINDS, LIMIT_JOURNAL_KINDS, SPEND_HOLD_KINDS, WITHDRAWAL_HOLD_KIND } from '../../domain/activity-kinds'
import { startOfDay, startOfMonth } from '../../domain/calendar'
import { DomainError } from '../../domain/errors'
import { toDecimal } from '../../domain/money'
import { usdValue, type PriceTable } from '../../domain/prices'
import { borrowLimit, bpsToRatio, computeSpendable, healthBps, liquidationValue } from '../../domain/spendable'
import { HEALTH_WARNING_BPS, healthStatus } from '../../domain/borrow'
import type { AccountsTable } from '../db/schema'
import { accountBalance, type Tx } from '../ledger/ledger-service'

const zeroes = (): Record<HeldAsset, bigint> => ({ USDC: 0n, USDT: 0n, ETH: 0n, weETH: 0n })

/**
 * In one query: USDC counted against the limits today and this month (from the holder's local midnight and the
 * 1st: posted spends and sends, plus those still on hold), and the USDC pending on hold for purchases and for a
 * withdrawal.
 */
async function limitsAndHolds(db: Tx, accountId: string, dayStart: Date, monthStart: Date): Promise<{ today: bigint; month: bigint; spend: bigint; withdrawal: bigint }> {
  const result = await sql<{ today: bigint; month: bigint; spend: bigint; withdrawal: bigint }>`
    WITH counted AS (
      SELECT j.created_at AS at, e.amount FROM journals j
        JOIN entries e ON e.journal_id = j.id AND e.side = 'debit'
        JOIN ledger_accounts la ON la.id = e.ledger_account_id AND la.account_id = ${accountId} AND la.asset = 'USDC'
        WHERE j.account_id = ${accountId} AND j.kind IN (${sql.join([...LIMIT_JOURNAL_KINDS])}) AND j.created_at >= ${monthStart}
      UNION ALL
      SELECT h.created_at, h.amount FROM holds h
        WHERE h.account_id = ${accountId} AND h.status = 'pending' AND h.asset = 'USDC' AND h.kind IN (${sql.join([...LIMIT_HOLD_KINDS])}) AND h.created_at >= ${monthStart}
    ),
    pending AS (SELECT kind, amount FROM holds WHERE account_id = ${accountId} AND status = 'pending' AND asset = 'USDC')
    SELECT
      (SELECT COALESCE(sum(amount) FILTER (WHERE at >= ${dayStart}), 0) FROM counted) AS today,
      (SELECT COALESCE(sum(amount), 0) FROM counted) AS month,
      (SELECT COALESCE(sum(amount) FILTER (WHERE kind IN (${sql.join([...SPEND_HOLD_KINDS])})), 0) FROM pending) AS spend,
      (SELECT COALESCE(sum(amount) FILTER (WHERE kind = ${WITHDRAWAL_HOLD_KIND}), 0) FROM pending) AS withdrawal`.execute(db)
  const row = result.rows[0]
  return { today: row?.today ?? 0n, month: row?.month ?? 0n, spend: row?.spend ?? 0n, withdrawal: row?.withdrawal ?? 0n }
}

/**
 * The account's money position from the ledger: posted and free balances, debt, holds, spendable, and the
 * account's ledger accounts. A caller that has just read (and locked) the account row passes it as `account`.
 */
export async function loadPosition(db: Tx, accountId: string, now: Date, prices: PriceTable, known: { account?: Selectable<AccountsTable> } = {}) {
  const account = known.account ?? (await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst())
  if (!account) throw new DomainError('not_found', 'No such account.')
  const ledger = await db.selectFrom('ledger_accounts').selectAll().where('account_id', '=', accountId).execute()
  const posted = zeroes()
  const available = zeroes()
  let debt = 0n
  for (const la of ledger) {
    if (!isHeldAsset(la.asset)) continue
    const b = accountBalance(la)
    if (la.code === 'cash') {
      posted[la.asset] = b.balance
      available[la.asset] = b.available
    } else if (la.code === 'debt') debt = b.balance
  }
  const counted = await limitsAndHolds(db, accountId, startOfDay(now, account.time_zone), startOfMonth(now, account.time_zone))
  const holds = { spend: counted.spend, withdrawal: counted.withdrawal }
  const spent = { today: counted.today, month: counted.month }
  const spendable = computeSpendable({
    mode: account.mode,
    balances: posted,
    pendingHolds: holds.spend,
    pendingWithdrawal: holds.withdrawal,
    debt,
    prices,
    dailyLimit: account.daily_limit,
    monthlyLimit: account.monthly_limit,
    spentToday: spent.today,
    spentThisMonth: spent.month,
  })
  return { account, ledger, posted, available, debt, holds, spendable, spentToday: spent.today }
}

/** Balances by asset, debt, and spendable, all derived from the ledger. */
export async function getBalances(db: Tx, accountId: string, now: Date, prices: PriceTable): Promise<BalancesResponse> {
  const { account, posted, available, debt, holds, spendable: s } = await loadPosition(db, accountId, now, prices)
  const usd = (v: bigint) => toDecimal(v, 'USDC')
  const pendingMode = await db.selectFrom('account_mode_changes').select(['to_mode', 'effective_at']).where('account_id', '=', accountId).where('status', '=', 'pending').executeTakeFirst()
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
    pendingModeChange: pendingMode ? { toMode: pendingMode.to_mode, effectiveAt: pendingMode.effective_at.toISOString() } : null,
  }
}

/** The health meter: null when nothing is owed. */
function healthOf(posted: Record<HeldAsset, bigint>, prices: PriceTable, debt: bigint) {
  const bps = healthBps(posted, prices, debt)
  if (bps === null) return null
  return { factor: bpsToRatio(bps), status: healthStatus(bps), warningFactor: bpsToRatio(HEALTH_WARNING_BPS), liquidationValue: toDecimal(liquidationValue(posted, prices), 'USDC') }
}

/** The latest journals touching the account, one line per asset, signed as the holder sees them. */
export async function getActivity(db: Tx, accountId: string, limit: number): Promise<ActivityResponse> {
  const rows = await db
    .selectFrom('journals as j')
    .innerJoin('entries as e', 'e.journal_id', 'j.id')
    .innerJoin('ledger_accounts as la', 'la.id', 'e.ledger_account_id')
    .select(['j.id', 'j.kind', 'j.description', 'j.created_at', 'e.side', 'e.amount', 'la.code', 'la.asset'])
    .where('la.account_id', '=', accountId)
    .where('j.id', 'in', (qb) => qb.selectFrom('journals as recent').select('recent.id').where('recent.account_id', '=', accountId).orderBy('recent.created_at', 'desc').limit(limit))
    .orderBy('j.created_at', 'desc')
    .execute()
  // Per journal and asset: the change to cash if cash moved, else the change in debt seen as money out.
  const lines = new Map<string, { id: string; kind: string; description: string; asset: HeldAsset; createdAt: string; cash: bigint | null; debt: bigint }>()
  for (const r of rows) {
    if (!isHeldAsset(r.asset)) continue
    const key = `${r.id}:${r.asset}`
    const line = lines.get(key) ?? { id: r.id, kind: r.kind, description: r.description, asset: r.asset, createdAt: r.created_at.toISOString(), cash: null, debt: 0n }
    const signed = r.side === 'credit' ? r.amount : -r.amount
    if (r.code === 'cash') line.cash = (line.cash ?? 0n) + signed
    else if (r.code === 'debt') line.debt += signed
    lines.set(key, line)
  }
  return {
    items: [...lines.values()].map(({ cash, debt, ...line }) => ({ ...line, amount: toDecimal(cash ?? debt, line.asset) })),
  }
}
