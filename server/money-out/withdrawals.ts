import { say } from '../../domain/error-message'
import type { Selectable } from 'kysely'
import { z } from 'zod'
import { providerText } from '../../domain/plain-name'
import { parseAddress } from '../../domain/address'
import type { HeldAsset } from '../../domain/asset'
import { WITHDRAWAL_HOLD_KIND } from '../../domain/activity-kinds'
import { DomainError } from '../../domain/errors'
import { SAFE_NETWORK } from '../../domain/money-in'
import { assertWithinSpendable, WITHDRAWAL_ARRIVAL_SECONDS, WITHDRAWAL_FEES } from '../../domain/money-out'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import { usdValue } from '../../domain/prices'
import { borrowLimit } from '../../domain/spendable'
import { loadPosition, memberRole } from '../accounts/account-service'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import { verifyConfirmation } from '../auth/confirm'
import type { WithdrawalsTable } from '../db/schema'
import type { Deps, Principal } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import { releaseHold, reserveHold, settleHold } from '../ledger/hold-service'
import { ledgerAccountId } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { returnOutgoing } from '../ledger/transfer-service'
import { sandboxChain, txHash } from '../money-in/providers'
import { scheduleWebhook } from '../outbox/provider-outbox'
import { title } from '../../domain/movement-title'
import { reason, storedReason, type MovementReason } from '../../domain/movement-reason'
import { maySendMoney } from '../../domain/account-rules'

type Request = { asset: HeldAsset; amount: string; address: string }

const withField = (field: string, fn: () => bigint | string) => {
  try {
    return fn()
  } catch (error) {
    if (error instanceof DomainError) throw error.at(field)
    throw error
  }
}

/**
 * Checks a withdrawal against the rules: the address (SEED §5), amount > 0, and the total within what may
 * leave: USDC by spendable (limits included), other assets by their free balance and, in Borrow mode, by
 * keeping the position within its borrow limit. Returns the parsed request and its fee.
 */
async function check(deps: Deps, db: Tx, accountId: string, input: Request, previous: Pending | undefined) {
  // The withdrawal this one replaces frees its reservation first: in its own asset only (0.001 weETH is 10^15 base
  // units, which as USDC would be a billion dollars of spendable).
  const replacing = previous?.asset === input.asset ? previous.amount + previous.fee : 0n
  const address = withField('address', () => parseAddress(input.address)) as string
  const amount = withField('amount', () => parsePositiveAmount(input.amount, input.asset)) as bigint
  const fee = WITHDRAWAL_FEES[input.asset]
  const total = amount + fee
  const position = await loadPosition(db, accountId, deps.now(), deps.prices())
  if (input.asset === 'USDC') {
    assertWithinSpendable(total, {
      ...position.spendable,
      spendable: position.spendable.spendable + (position.account.mode === 'direct_pay' ? replacing : 0n),
    })
  } else {
    const free = String(position.available[input.asset])
    if (total > position.available[input.asset] + replacing)
      throw new DomainError(
        'insufficient_funds',
        say('not_enough_with_fee', { asset: input.asset, free, total: String(total) }),
        { amount: say('more_than_free_with_fee', { asset: input.asset, free }) },
      )
    if (position.account.mode === 'borrow') {
      const after = { ...position.posted, [input.asset]: position.posted[input.asset] - total }
      if (position.debt + position.holds.spend > borrowLimit(after, deps.prices()))
        throw new DomainError('over_ltv', undefined, {
          amount: say('borrow_limit_withdraw_less'),
        })
    }
  }
  return { address, amount, fee, total }
}

export async function quoteWithdrawal(deps: Deps, db: Tx, accountId: string, input: Request) {
  const { address, amount, fee, total } = await check(
    deps,
    db,
    accountId,
    input,
    await pendingWithdrawal(db, accountId),
  )
  return {
    asset: input.asset,
    amount: toDecimal(amount, input.asset),
    fee: toDecimal(fee, input.asset),
    total: toDecimal(total, input.asset),
    feeUsd: toDecimal(usdValue(fee, input.asset, deps.prices()), 'USDC'),
    address,
    network: SAFE_NETWORK.name,
    delaySeconds: deps.config.WITHDRAWAL_DELAY_SECONDS,
    arrivalSeconds: deps.config.WITHDRAWAL_DELAY_SECONDS + WITHDRAWAL_ARRIVAL_SECONDS,
  }
}

type Pending = { asset: string; amount: bigint; fee: bigint }

/** The account's withdrawal in its security delay, which a new request replaces. */
async function pendingWithdrawal(db: Tx, accountId: string): Promise<Pending | undefined> {
  return db
    .selectFrom('withdrawals')
    .select(['asset', 'amount', 'fee'])
    .where('account_id', '=', accountId)
    .where('status', '=', 'delayed')
    .executeTakeFirst()
}

export function withdrawalView(w: Selectable<WithdrawalsTable>) {
  const asset = w.asset as HeldAsset
  return {
    id: w.id,
    asset,
    amount: toDecimal(w.amount, asset),
    fee: toDecimal(w.fee, asset),
    total: toDecimal(w.amount + w.fee, asset),
    address: w.destination,
    status: w.status,
    txHash: w.tx_hash,
    failureReason: w.failure_reason,
    releaseAt: w.release_at.toISOString(),
    createdAt: w.created_at.toISOString(),
    updatedAt: w.updated_at.toISOString(),
  }
}

/**
 * Requests a withdrawal: confirmed by the holder, checked, and reserved (the amount + fee stop being
 * spendable at once). A pending withdrawal of the account is replaced (its reservation returned). It is
 * sent when the security delay ends, unless cancelled.
 */
export async function requestWithdrawal(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  input: Request & { confirmation?: z.infer<typeof ConfirmationSchema> | undefined },
) {
  await verifyConfirmation(deps, db, principal, input.confirmation)
  // The account's lock first: requests of one account take turns, so each sees the pending withdrawal the one
  // before it left (and replaces it) instead of both finding none and racing for "one pending per account".
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().executeTakeFirstOrThrow()
  const now = deps.now()
  const previous = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '=', 'delayed')
    .forUpdate()
    .executeTakeFirst()
  const { address, amount, fee, total } = await check(deps, db, accountId, input, previous)
  if (previous) {
    await releaseHold(db, previous.hold_id, 'voided', now)
    await db
      .updateTable('withdrawals')
      .set({ status: 'replaced', updated_at: now })
      .where('id', '=', previous.id)
      .execute()
  }
  const id = deps.newId()
  const holdId = deps.newId()
  const releaseAt = new Date(now.getTime() + deps.config.WITHDRAWAL_DELAY_SECONDS * 1000)
  await reserveHold(db, {
    id: holdId,
    kind: WITHDRAWAL_HOLD_KIND,
    accountId,
    debitLedgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset: input.asset }),
    creditLedgerAccountId: await ledgerAccountId(db, deps.newId, {
      accountId: null,
      code: 'custody',
      asset: input.asset,
    }),
    asset: input.asset,
    amount: total,
    title: title('withdrawal', { asset: input.asset, address }),
    reference: id,
    expiresAt: new Date(releaseAt.getTime() + 86_400_000),
  })
  await db
    .insertInto('withdrawals')
    .values({
      id,
      account_id: accountId,
      asset: input.asset,
      amount,
      fee,
      destination: address,
      status: 'delayed',
      hold_id: holdId,
      release_at: releaseAt,
      requested_by: principal.userId,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await enqueue(db, deps, { kind: 'withdrawal.release', payload: { withdrawalId: id }, runAt: releaseAt })
  return withdrawalView(await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

/** Cancels a withdrawal still in its security delay: the reservation returns to spendable. */
export async function cancelWithdrawal(deps: Deps, db: Tx, accountId: string, withdrawalId: string) {
  const w = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', withdrawalId)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst()
  if (!w) throw new DomainError('not_found', say('no_such_withdrawal'))
  if (w.status !== 'delayed') throw new DomainError('withdrawal_not_cancellable')
  await stopDelayed(db, w, 'cancelled', null, deps.now())
  return withdrawalView({ ...w, status: 'cancelled', updated_at: deps.now() })
}

/**
 * Ends a withdrawal in its security delay unsent: its reservation returns to spendable, the reason shown with it
 * (none when its holder cancelled it).
 */
async function stopDelayed(
  db: Tx,
  w: Selectable<WithdrawalsTable>,
  status: 'failed' | 'cancelled',
  why: MovementReason | null,
  now: Date,
) {
  await releaseHold(db, w.hold_id, 'voided', now)
  await db
    .updateTable('withdrawals')
    .set({ status, failure_reason: why && storedReason(why), updated_at: now })
    .where('id', '=', w.id)
    .execute()
}

/**
 * Cancels the withdrawal `userId` asked for that is still in its security delay on the account, once they may no
 * longer send money from it: removed from the company (`requester_left`) or made a member (`requester_may_not_send`).
 * Answers the withdrawal cancelled, if there was one.
 */
export async function cancelRequestedBy(
  deps: Deps,
  db: Tx,
  accountId: string,
  userId: string,
  why: 'requester_left' | 'requester_may_not_send',
): Promise<Selectable<WithdrawalsTable> | undefined> {
  // The account's row first, as every money-out locks it: a request being made now is seen once it commits.
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().executeTakeFirstOrThrow()
  const w = await db
    .selectFrom('withdrawals')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('requested_by', '=', userId)
    .where('status', '=', 'delayed')
    .forUpdate()
    .executeTakeFirst()
  if (w) await stopDelayed(db, w, 'cancelled', reason(why, {}), deps.now())
  return w
}

/** The job at the end of the delay: posts the reservation (amount to custody, fee to fees) and broadcasts. */
export async function releaseWithdrawal(deps: Deps, db: Tx, withdrawalId: string) {
  const found = await db
    .selectFrom('withdrawals')
    .select('account_id')
    .where('id', '=', withdrawalId)
    .executeTakeFirst()
  if (!found) return
  // The account's row first, as every money-out locks it: a freeze committed before is seen, one after waits.
  const account = await db
    .selectFrom('accounts')
    .select('frozen_at')
    .where('id', '=', found.account_id)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  const w = await db.selectFrom('withdrawals').selectAll().where('id', '=', withdrawalId).forUpdate().executeTakeFirst()
  if (w?.status !== 'delayed') return
  const now = deps.now()
  // A frozen account sends nothing out: what was still in its security delay goes back to the holder.
  if (account.frozen_at) return stopDelayed(db, w, 'failed', reason('decline', { code: 'account_frozen' }), now)
  if (w.requested_by) {
    // Nor does one whose requester may no longer send from the account: removing them (or making them a member)
    // cancels it, and this catches a request that committed while that change was being made.
    const requester = await memberRole(db, w.account_id, w.requested_by)
    if (!maySendMoney(requester)) {
      const why = requester ? 'requester_may_not_send' : 'requester_left'
      return stopDelayed(db, w, 'cancelled', reason(why, {}), now)
    }
  }
  const asset = w.asset as HeldAsset
  const journalId = deps.newId()
  await settleHold(db, {
    holdId: w.hold_id,
    journalId,
    kind: 'crypto_withdrawal',
    title: title('withdrawal', { asset, address: w.destination }),
    now,
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: w.account_id, code: 'cash', asset }),
        side: 'debit',
        amount: w.amount + w.fee,
        asset,
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'custody', asset }),
        side: 'credit',
        amount: w.amount,
        asset,
      },
      ...(w.fee > 0n
        ? [
            {
              ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'fees', asset }),
              side: 'credit' as const,
              amount: w.fee,
              asset,
            },
          ]
        : []),
    ],
  })
  const hash = txHash(`withdrawal:${w.id}`)
  await db
    .updateTable('withdrawals')
    .set({ status: 'broadcast', tx_hash: hash, journal_id: journalId, updated_at: now })
    .where('id', '=', w.id)
    .execute()
  const chain = sandboxChain(deps)
  await scheduleWebhook(
    deps,
    db,
    'chain',
    'withdrawal.confirmed',
    { txHash: hash },
    chain.blockTime(chain.currentBlock(now) + 8n),
  )
}

/** A chain event on a withdrawal; its reason, in the chain provider's words, is what the holder reads: one line. */
const ByHash = z.object({ txHash: z.string(), reason: providerText.optional() })

export const withdrawalChainEvents = {
  'withdrawal.confirmed': async (deps: Deps, db: Tx, raw: unknown) => {
    const e = ByHash.parse(raw)
    await db
      .updateTable('withdrawals')
      .set({ status: 'confirmed', updated_at: deps.now() })
      .where('tx_hash', '=', e.txHash)
      .where('status', '=', 'broadcast')
      .execute()
  },
  /** The transaction failed on chain: the whole amount and fee go back to the holder. */
  'withdrawal.failed': async (deps: Deps, db: Tx, raw: unknown) => {
    const e = ByHash.parse(raw)
    const w = await db
      .selectFrom('withdrawals')
      .selectAll()
      .where('tx_hash', '=', e.txHash)
      .forUpdate()
      .executeTakeFirst()
    if (w?.status !== 'broadcast') return
    await returnOutgoing(deps, db, {
      accountId: w.account_id,
      asset: w.asset as HeldAsset,
      amount: w.amount,
      fee: w.fee,
      kind: 'withdrawal_returned',
      title: title('withdrawal_returned', { asset: w.asset as HeldAsset }),
      reference: w.id,
    })
    await db
      .updateTable('withdrawals')
      .set({
        status: 'failed',
        failure_reason: storedReason(e.reason ? reason('note', { text: e.reason }) : reason('network_rejected', {})),
        updated_at: deps.now(),
      })
      .where('id', '=', w.id)
      .execute()
  },
}

/** Sandbox: the chain rejects a broadcast withdrawal (funds come back). */
export async function sandboxFailWithdrawal(deps: Deps, db: Tx, withdrawalId: string, reason: string | undefined) {
  const w = await db
    .selectFrom('withdrawals')
    .select(['tx_hash', 'status'])
    .where('id', '=', withdrawalId)
    .executeTakeFirst()
  if (!w?.tx_hash || w.status !== 'broadcast') throw new DomainError('not_found', say('no_broadcast_withdrawal'))
  const at = deps.now()
  return {
    eventId: await scheduleWebhook(
      deps,
      db,
      'chain',
      'withdrawal.failed',
      { txHash: w.tx_hash, ...(reason ? { reason } : {}) },
      at,
    ),
    deliverAt: at.toISOString(),
  }
}
