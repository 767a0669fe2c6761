import { say } from '../../domain/error-message'
import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { EarnResponse } from '../../domain/api/grow.schema'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import { DomainError } from '../../domain/errors'
import {
  apyPercent,
  rateAt,
  SHARE_UNIT,
  sharePrice,
  type ApyChange,
  sharePriceDecimal,
  sharesFor,
  sharesToRedeem,
  sharesValue,
  VAULT_IDS,
  VAULTS,
  type VaultId,
} from '../../domain/grow'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import { usdValue } from '../../domain/prices'
import { verifyConfirmation } from '../auth/confirm'
import type { VaultWithdrawalsTable } from '../db/schema'
import type { Deps, Principal } from '../http/route-table'
import { recordAudit } from '../audit/audit'
import { enqueue } from '../jobs/job-queue'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { assertCanMove, atField } from './convert-service'
import { title } from '../../domain/movement-title'

export const VAULT_SETTLE_JOB = 'vault.settle'
const HISTORY_DAYS = 30

type Confirmation = z.infer<typeof ConfirmationSchema> | undefined
export const VAULT_SNAPSHOT_JOB = 'vault.snapshot'
const DAY = 86_400_000

/** A vault's APY changes, oldest first. */
export async function apyChanges(db: Tx, vault: VaultId): Promise<ApyChange[]> {
  const rows = await db
    .selectFrom('vault_apy_changes')
    .select(['effective_from', 'apy_bps', 'share_price'])
    .where('vault', '=', vault)
    .orderBy('effective_from')
    .orderBy('created_at')
    .execute()
  return rows.map((r) => ({ from: r.effective_from, apyBps: BigInt(r.apy_bps), price: r.share_price }))
}

/** The share price of a vault at `at`, after its APY changes. */
export async function vaultPrice(db: Tx, vault: VaultId, at: Date): Promise<bigint> {
  return sharePrice(vault, at, await apyChanges(db, vault))
}

const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
const dayKey = (at: Date) => at.toISOString().slice(0, 10)

/**
 * Records each vault's snapshot (share price and APY at the day's start, UTC) for the days in [from, to]; existing ones
 * are kept.
 */
export async function recordVaultSnapshots(deps: Pick<Deps, 'now'>, db: Tx, from: Date, to: Date): Promise<number> {
  let written = 0
  for (const vault of VAULT_IDS) {
    const changes = await apyChanges(db, vault)
    const rows = []
    for (let d = dayStart(from); d.getTime() <= to.getTime(); d = new Date(d.getTime() + DAY)) {
      rows.push({
        vault,
        day: dayKey(d),
        share_price: sharePrice(vault, d, changes),
        apy_bps: Number(rateAt(vault, d, changes).apyBps),
        taken_at: deps.now(),
      })
    }
    if (rows.length === 0) continue
    const res = await db
      .insertInto('vault_snapshots')
      .values(rows)
      .onConflict((oc) => oc.columns(['vault', 'day']).doNothing())
      .executeTakeFirst()
    written += Number(res.numInsertedOrUpdatedRows ?? 0n)
  }
  return written
}

/** The daily job: today's snapshot of each vault, then the next run at the next UTC midnight. */
export async function runVaultSnapshotJob(deps: Deps) {
  const now = deps.now()
  await deps.db.kysely.transaction().execute((tx) => recordVaultSnapshots(deps, tx, now, now))
  await enqueue(deps.db.kysely, deps, {
    kind: VAULT_SNAPSHOT_JOB,
    payload: {},
    runAt: new Date(dayStart(now).getTime() + DAY),
  })
}

/** Makes sure the daily snapshot job has a pending run (at start, after a restart). */
export async function scheduleVaultSnapshots(deps: Deps) {
  const db = deps.db.kysely
  const pending = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', VAULT_SNAPSHOT_JOB)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (pending) return
  await enqueue(db, deps, {
    kind: VAULT_SNAPSHOT_JOB,
    payload: {},
    runAt: new Date(dayStart(deps.now()).getTime() + DAY),
  })
}

/**
 * Sets a vault's APY from now on (admins), audited as `vault.apy` in the same transaction: the share price
 * keeps the value it reached and grows at the new rate from here. Today's snapshot keeps the day's opening
 * figures; the history's live point shows the new APY at once.
 */
export async function setVaultApy(
  deps: Deps,
  db: Tx,
  adminId: string,
  vault: VaultId,
  apyBps: number,
  reason: string | null,
) {
  const now = deps.now()
  const changes = await apyChanges(db, vault)
  const before = rateAt(vault, now, changes)
  const price = sharePrice(vault, now, changes)
  await db
    .insertInto('vault_apy_changes')
    .values({
      id: deps.newId(),
      vault,
      apy_bps: apyBps,
      share_price: price,
      effective_from: now,
      changed_by: adminId,
      created_at: now,
    })
    .execute()
  const view = {
    vault,
    apyPercent: apyPercent(BigInt(apyBps)),
    apyBps,
    sharePrice: sharePriceDecimal(price),
    effectiveFrom: now.toISOString(),
  }
  await recordAudit(deps, db, {
    actorId: adminId,
    action: 'vault.apy',
    subjectType: 'vault',
    subjectId: vault,
    reason,
    before: { vault, apyBps: Number(before.apyBps), apyPercent: apyPercent(before.apyBps) },
    after: view,
  })
  return view
}

async function position(db: Tx, accountId: string, vault: VaultId, lock = false) {
  let q = db.selectFrom('vault_positions').selectAll().where('account_id', '=', accountId).where('vault', '=', vault)
  if (lock) q = q.forUpdate()
  return (
    (await q.executeTakeFirst()) ?? {
      account_id: accountId,
      vault,
      shares: 0n,
      cost_basis: 0n,
      updated_at: new Date(0),
    }
  )
}

async function savePosition(db: Tx, accountId: string, vault: VaultId, shares: bigint, costBasis: bigint, now: Date) {
  await db
    .insertInto('vault_positions')
    .values({ account_id: accountId, vault, shares, cost_basis: costBasis, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['account_id', 'vault']).doUpdateSet({ shares, cost_basis: costBasis, updated_at: now }),
    )
    .execute()
}

function withdrawalView(w: Selectable<VaultWithdrawalsTable>, _now: Date, price: bigint) {
  const asset = VAULTS[w.vault].asset
  return {
    id: w.id,
    vault: w.vault,
    asset,
    requestedAmount: toDecimal(w.requested_amount, asset),
    currentValue: toDecimal(
      w.status === 'paid' && w.paid_amount !== null ? w.paid_amount : sharesValue(w.shares, price),
      asset,
    ),
    paidAmount: w.paid_amount === null ? null : toDecimal(w.paid_amount, asset),
    status: w.status,
    settleAt: w.settle_at.toISOString(),
    createdAt: w.created_at.toISOString(),
  }
}

/** Positions in each vault (value, yield earned, APY, a 30-day history), the settlement queue, and weETH held. */
export async function getEarn(deps: Deps, db: Tx, accountId: string): Promise<EarnResponse> {
  const now = deps.now()
  const prices = deps.prices()
  const vaults = []
  for (const vault of VAULT_IDS) {
    const { asset } = VAULTS[vault]
    const changes = await apyChanges(db, vault)
    const apyBps = rateAt(vault, now, changes).apyBps
    const p = await position(db, accountId, vault)
    const price = sharePrice(vault, now, changes)
    const value = sharesValue(p.shares, price)
    // The daily snapshots of the last HISTORY_DAYS days (a day the job missed is computed the same way), then now.
    const today = dayStart(now)
    const first = new Date(today.getTime() - HISTORY_DAYS * DAY)
    const snaps = new Map(
      (
        await db
          .selectFrom('vault_snapshots')
          .selectAll()
          .where('vault', '=', vault)
          .where('day', '>=', dayKey(first))
          .where('day', '<', dayKey(today))
          .execute()
      ).map((r) => [r.day, r]),
    )
    const history = []
    for (let d = first; d < today; d = new Date(d.getTime() + DAY)) {
      const snap = snaps.get(dayKey(d))
      const priceAt = snap ? snap.share_price : sharePrice(vault, d, changes)
      const apyAt = snap ? BigInt(snap.apy_bps) : rateAt(vault, d, changes).apyBps
      history.push({
        at: d.toISOString(),
        apyPercent: apyPercent(apyAt),
        sharePrice: sharePriceDecimal(priceAt),
        value: toDecimal(sharesValue(p.shares, priceAt), asset),
      })
    }
    history.push({
      at: now.toISOString(),
      apyPercent: apyPercent(apyBps),
      sharePrice: sharePriceDecimal(price),
      value: toDecimal(value, asset),
    })
    vaults.push({
      vault,
      asset,
      apyPercent: apyPercent(apyBps),
      sharePrice: sharePriceDecimal(price),
      shares: toDecimal(p.shares / SHARE_UNIT, asset),
      value: toDecimal(value, asset),
      valueUsd: toDecimal(usdValue(value, asset, prices), 'USDC'),
      yieldEarned: toDecimal(value > p.cost_basis ? value - p.cost_basis : 0n, asset),
      history,
    })
  }
  const withdrawals = await db
    .selectFrom('vault_withdrawals')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute()
  const weeth = await db
    .selectFrom('ledger_accounts')
    .select(['credits_posted', 'debits_posted'])
    .where('account_id', '=', accountId)
    .where('code', '=', 'cash')
    .where('asset', '=', 'weETH')
    .executeTakeFirst()
  const weethBalance = weeth ? weeth.credits_posted - weeth.debits_posted : 0n
  return {
    vaults,
    withdrawals: await Promise.all(
      withdrawals.map(async (w) => withdrawalView(w, now, await vaultPrice(db, w.vault, now))),
    ),
    settlementSeconds: deps.config.EARN_SETTLEMENT_SECONDS,
    weeth: {
      balance: toDecimal(weethBalance, 'weETH'),
      valueUsd: toDecimal(usdValue(weethBalance, 'weETH', prices), 'USDC'),
      rate: toDecimal((prices.ETH * 10n ** 18n) / prices.weETH, 'weETH'),
    },
  }
}

/**
 * Deposits from the holder's cash into a vault: confirmed, checked like any money leaving cash (free balance;
 * Borrow-mode limit, since vault shares are not collateral), shares bought at today's share price (rounded
 * down). The asset moves from the holder's cash to the platform's `vault` account in one journal.
 */
export async function depositToVault(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  input: { vault: VaultId; amount: string; confirmation?: Confirmation },
) {
  const { asset } = VAULTS[input.vault]
  const amount = atField('amount', () => parsePositiveAmount(input.amount, asset))
  await verifyConfirmation(deps, db, principal, input.confirmation)
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().executeTakeFirstOrThrow()
  await assertCanMove(deps, db, accountId, asset, amount)
  const now = deps.now()
  const price = await vaultPrice(db, input.vault, now)
  const shares = sharesFor(amount, price)
  if (shares === 0n) throw new DomainError('amount_too_small', undefined, { amount: say('amount_too_small_share') })
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: 'vault_deposit',
    accountId,
    title: title('earn_deposit', { asset, amount: String(amount), vault: input.vault }),
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset }),
        side: 'debit',
        amount,
        asset,
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'vault', asset }),
        side: 'credit',
        amount,
        asset,
      },
    ],
  })
  const p = await position(db, accountId, input.vault, true)
  await savePosition(db, accountId, input.vault, p.shares + shares, p.cost_basis + amount, now)
  return {
    vault: input.vault,
    amount: toDecimal(amount, asset),
    shares: toDecimal(shares / SHARE_UNIT, asset),
    sharePrice: sharePriceDecimal(price),
    journalId,
  }
}

/**
 * Queues a withdrawal of `amount` (in the vault's asset): the shares that cover it (rounded up) leave the
 * position at once, with their part of the cost basis; they keep earning until settlement, when a job pays
 * them at that day's share price. Cancellable while queued.
 */
export async function requestVaultWithdrawal(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  input: { vault: VaultId; amount: string; confirmation?: Confirmation },
) {
  const { asset } = VAULTS[input.vault]
  const amount = atField('amount', () => parsePositiveAmount(input.amount, asset))
  await verifyConfirmation(deps, db, principal, input.confirmation)
  const now = deps.now()
  const p = await position(db, accountId, input.vault, true)
  const price = await vaultPrice(db, input.vault, now)
  // Entering the position's shown value redeems it all (the last share units rounding may leave behind).
  const owned = sharesValue(p.shares, price)
  const shares = amount >= owned ? p.shares : sharesToRedeem(amount, price)
  if (amount > owned || shares > p.shares)
    throw new DomainError('vault_insufficient_shares', undefined, {
      amount: say('more_than_position', { asset, owned: String(owned) }),
    })
  const basis = p.shares === 0n ? 0n : (p.cost_basis * shares) / p.shares
  await savePosition(db, accountId, input.vault, p.shares - shares, p.cost_basis - basis, now)
  const id = deps.newId()
  const settleAt = new Date(now.getTime() + deps.config.EARN_SETTLEMENT_SECONDS * 1000)
  await db
    .insertInto('vault_withdrawals')
    .values({
      id,
      account_id: accountId,
      vault: input.vault,
      shares,
      cost_basis: basis,
      requested_amount: amount,
      status: 'queued',
      settle_at: settleAt,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await enqueue(db, deps, { kind: VAULT_SETTLE_JOB, payload: { withdrawalId: id }, runAt: settleAt })
  return withdrawalView(
    await db.selectFrom('vault_withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    now,
    price,
  )
}

/** Cancels a queued withdrawal: its shares and cost basis return to the position. */
export async function cancelVaultWithdrawal(deps: Deps, db: Tx, accountId: string, withdrawalId: string) {
  const w = await db
    .selectFrom('vault_withdrawals')
    .selectAll()
    .where('id', '=', withdrawalId)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst()
  if (!w) throw new DomainError('not_found', say('no_such_vault_withdrawal'))
  if (w.status !== 'queued') throw new DomainError('vault_withdrawal_not_cancellable')
  const now = deps.now()
  const p = await position(db, accountId, w.vault, true)
  await savePosition(db, accountId, w.vault, p.shares + w.shares, p.cost_basis + w.cost_basis, now)
  await db
    .updateTable('vault_withdrawals')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', w.id)
    .execute()
  return withdrawalView({ ...w, status: 'cancelled', updated_at: now }, now, await vaultPrice(db, w.vault, now))
}

/** The settlement job: pays the queued shares at the share price now, from `vault` to the holder's cash. */
export async function settleVaultWithdrawal(deps: Deps, db: Tx, withdrawalId: string) {
  const w = await db
    .selectFrom('vault_withdrawals')
    .selectAll()
    .where('id', '=', withdrawalId)
    .forUpdate()
    .executeTakeFirst()
  if (w?.status !== 'queued') return
  const now = deps.now()
  const { asset } = VAULTS[w.vault]
  const paid = sharesValue(w.shares, await vaultPrice(db, w.vault, now))
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: 'vault_withdrawal',
    accountId: w.account_id,
    reference: w.id,
    title: title('earn_withdrawal', { asset, amount: String(paid), vault: w.vault }),
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'vault', asset }),
        side: 'debit',
        amount: paid,
        asset,
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: w.account_id, code: 'cash', asset }),
        side: 'credit',
        amount: paid,
        asset,
      },
    ],
  })
  await db
    .updateTable('vault_withdrawals')
    .set({ status: 'paid', paid_amount: paid, journal_id: journalId, updated_at: now })
    .where('id', '=', w.id)
    .execute()
}
