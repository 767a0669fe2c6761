import { say } from '../../domain/error-message'
import { sql, type Selectable } from 'kysely'
import { z } from 'zod'
import { parseAddress } from '../../domain/address'
import type { HeldAsset } from '../../domain/asset'
import { DomainError } from '../../domain/errors'
import { ACCEPTED_TOKENS, REQUIRED_CONFIRMATIONS, SAFE_NETWORK } from '../../domain/money-in'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { ChainDepositsTable } from '../db/schema'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { creditIncoming } from '../ledger/transfer-service'
import { sandboxChain, txHash } from './providers'
import { scheduleWebhook } from '../outbox/provider-outbox'
import { title } from '../../domain/movement-title'

/** The account's deposit address: its safe, on the safe's network, with the tokens it accepts. */
export async function depositAddress(db: Tx, accountId: string) {
  const account = await db
    .selectFrom('accounts')
    .select('safe_address')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  if (!account.safe_address) throw new DomainError('account_without_safe')
  return {
    address: account.safe_address,
    network: SAFE_NETWORK.name,
    chainId: SAFE_NETWORK.chainId,
    tokens: [...ACCEPTED_TOKENS],
    requiredConfirmations: REQUIRED_CONFIRMATIONS,
  }
}

/** Incoming transfers seen on chain for the account, with live confirmation counts. */
export async function listDeposits(deps: Deps, db: Tx, accountId: string) {
  const chain = sandboxChain(deps)
  const rows = await db
    .selectFrom('chain_deposits')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute()
  return {
    items: rows.map((r) => ({
      txHash: r.tx_hash,
      asset: r.asset as HeldAsset,
      amount: toDecimal(r.amount, r.asset as HeldAsset),
      from: r.from_address,
      confirmations:
        r.status === 'credited' ? r.required_confirmations : chain.confirmations(BigInt(r.block_number), deps.now()),
      requiredConfirmations: r.required_confirmations,
      status: r.status,
      createdAt: r.created_at.toISOString(),
    })),
  }
}

/** Sandbox: someone sends `amount` of `asset` to an address. The chain reports it seen, then confirmed. */
export async function sandboxChainTransfer(
  deps: Deps,
  db: Tx,
  input: { toAddress: string; asset: HeldAsset; amount: string; fromAddress?: string | undefined },
) {
  const to = parseAddress(input.toAddress)
  const from = parseAddress(input.fromAddress ?? '0x8ba1f109551bD432803012645Ac136ddd64DBA72')
  const units = parsePositiveAmount(input.amount, input.asset)
  const chain = sandboxChain(deps)
  const block = chain.currentBlock(deps.now()) + 1n
  const hash = txHash(`${deps.newId()}:${to}:${units}`)
  const data = {
    txHash: hash,
    logIndex: 0,
    to,
    from,
    asset: input.asset,
    amount: units.toString(),
    blockNumber: block.toString(),
    blockHash: txHash(`block:${block}`),
  }
  await scheduleWebhook(deps, db, 'chain', 'transfer.detected', data, chain.blockTime(block))
  const confirmedAt = chain.blockTime(block + BigInt(REQUIRED_CONFIRMATIONS - 1))
  await scheduleWebhook(
    deps,
    db,
    'chain',
    'transfer.confirmed',
    { txHash: hash, confirmations: REQUIRED_CONFIRMATIONS },
    confirmedAt,
  )
  return { txHash: hash, blockNumber: block.toString(), creditedAfter: confirmedAt.toISOString() }
}

const Detected = z.object({
  txHash: z.string(),
  /** Which transfer of the transaction (its log's index): one transaction may pay a safe more than once. */
  logIndex: z.number().int().nonnegative().optional(),
  to: z.string(),
  from: z.string(),
  asset: z.enum(['USDC', 'USDT', 'ETH', 'weETH']),
  amount: z.string().regex(/^\d+$/),
  blockNumber: z.string().regex(/^\d+$/),
  /** The block's hash: a reorganization may mine the transaction again at the same height, in another block. */
  blockHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
})
const Confirmed = z.object({ txHash: z.string(), confirmations: z.number().int() })

/** The address checksummed (EIP-55), or null when it is not one (then no safe of ours). */
function checksummedOrNull(address: string): string | null {
  try {
    return parseAddress(address)
  } catch (error) {
    if (error instanceof DomainError) return null
    throw error
  }
}

/** Credits a confirmed transfer to its safe's account, and marks its deposit credited. */
async function creditDeposit(deps: Deps, db: Tx, deposit: Selectable<ChainDepositsTable>) {
  const asset = deposit.asset as HeldAsset
  const journalId = await creditIncoming(deps, db, {
    accountId: deposit.account_id,
    asset,
    gross: deposit.amount,
    fee: 0n,
    kind: 'deposit',
    title: title('deposit', { asset }),
    reference: deposit.tx_hash,
  })
  await db
    .updateTable('chain_deposits')
    .set({ status: 'credited', journal_id: journalId, credited_at: deps.now() })
    .where('id', '=', deposit.id)
    .execute()
}

/** Webhooks from the chain indexer. A transfer to an address that is no Cash safe is not ours and ignored. */
export const chainEvents = {
  'transfer.detected': async (deps: Deps, db: Tx, raw: unknown) => {
    const e = Detected.parse(raw)
    // Nothing to credit: a zero-value transfer (address-poisoning spam) is recorded as seen, like one not ours.
    if (BigInt(e.amount) === 0n) return
    // Indexers send addresses in lower case as often as checksummed: a safe is found by its checksummed address.
    const to = checksummedOrNull(e.to)
    if (!to) return
    const account = await db.selectFrom('accounts').select('id').where('safe_address', '=', to).executeTakeFirst()
    if (!account) return
    // Hashes are hex: kept in lower case, so a confirmation in another case finds its deposit.
    const hash = e.txHash.toLowerCase()
    const block = BigInt(e.blockNumber)
    // Two detections of one transaction at once take turns, the second reading what the first recorded: described
    // differently (with and without a log, in another block), no unique key would make the second wait, and the one
    // transfer would be two deposits. The confirmation takes no such lock: it waits on the deposits' rows.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`chain-transfer:${hash}`}))`.execute(db)
    // Locked in the confirmation's order (by log): two deliveries of one transaction wait in turn, never deadlock.
    const known = await db
      .selectFrom('chain_deposits')
      .selectAll()
      .where('tx_hash', '=', hash)
      .orderBy('log_index')
      .orderBy('id')
      .forUpdate()
      .execute()
    // The transaction mined again in another block (a reorganization) pays what it paid: a log's index counts in its
    // block, so a transfer already recorded comes back with another index, and is not a second one. Another block is
    // another height, or the same height with another hash (when the indexer says the hash).
    const blockHash = e.blockHash?.toLowerCase() ?? null
    const same = (d: (typeof known)[number]) =>
      d.to_address === to && d.asset === e.asset && d.amount === BigInt(e.amount)
    const otherBlock = (d: (typeof known)[number]) =>
      d.block_number !== block || (d.block_hash !== null && blockHash !== null && d.block_hash !== blockHash)
    if (known.some((d) => otherBlock(d) && same(d))) return
    // An indexer that names no log and one that does (an upgrade between a detection and its redelivery, deposits
    // recorded before migration 0063) describe one transfer when they agree on it: not a second one to credit. A
    // deposit recorded without its log takes the index when it comes, so a second transfer of the same amount in the
    // transaction (a batch payout), reported by index, is still its own.
    if (e.logIndex === undefined) {
      if (known.some(same)) return
    } else if (!known.some((d) => d.log_index === e.logIndex)) {
      const unindexed = known.find((d) => d.log_index === null && same(d))
      if (unindexed) {
        await db.updateTable('chain_deposits').set({ log_index: e.logIndex }).where('id', '=', unindexed.id).execute()
        return
      }
    }
    const deposit = await db
      .insertInto('chain_deposits')
      .values({
        id: deps.newId(),
        account_id: account.id,
        tx_hash: hash,
        // An indexer that does not say which log has one deposit per transaction, as before migration 0063.
        log_index: e.logIndex ?? null,
        asset: e.asset,
        amount: BigInt(e.amount),
        from_address: e.from,
        to_address: to,
        block_number: block,
        block_hash: blockHash,
        required_confirmations: REQUIRED_CONFIRMATIONS,
        status: 'pending',
      })
      .onConflict((oc) => oc.columns(['tx_hash', 'log_index']).doNothing())
      .returningAll()
      .executeTakeFirst()
    // A transfer of a transaction already confirmed (its detection delivered late, after the transaction's one
    // confirmation credited the others) is credited now: no confirmation is coming for it.
    if (deposit && known.some((d) => d.status === 'credited')) await creditDeposit(deps, db, deposit)
  },
  'transfer.confirmed': async (deps: Deps, db: Tx, raw: unknown) => {
    const e = Confirmed.parse(raw)
    if (e.confirmations < REQUIRED_CONFIRMATIONS) return
    // A transaction is confirmed whole: every transfer of it to a safe (each log) is credited.
    const depositsOf = () =>
      db
        .selectFrom('chain_deposits')
        .selectAll()
        .where('tx_hash', '=', e.txHash.toLowerCase())
        .orderBy('log_index')
        .orderBy('id')
        .forUpdate()
        .execute()
    let deposits = await depositsOf()
    // Read again once locked: the late detection of another transfer of the transaction (which locks its deposits)
    // may have committed while this waited, its deposit newer than what the first read saw.
    if (deposits.length > 0) deposits = await depositsOf()
    if (deposits.length === 0) {
      // A transfer detected and ignored (not to a Cash safe) is not ours. One not detected yet is a confirmation
      // that overtook its detection (an indexer's retry, a delivery that waited on a stopped server): refused, so
      // it is delivered again after the detection instead of being recorded as done and the deposit never credited.
      const detected = await db
        .selectFrom('provider_events')
        .select('event_id')
        .where('provider', '=', 'chain')
        .where('type', '=', 'transfer.detected')
        .where(sql<string>`lower(payload->>'txHash')`, '=', e.txHash.toLowerCase())
        .executeTakeFirst()
      if (!detected)
        throw new DomainError(
          'event_out_of_order',
          say('note', { text: `The confirmation of ${e.txHash} came before its detection: deliver it again later.` }),
        )
      // Each statement sees what was committed when it started (PostgreSQL's READ COMMITTED): the detection may have
      // committed, its deposit with it, between the first look and this one. Only a detection without one is ignored.
      deposits = await depositsOf()
    }
    for (const deposit of deposits) if (deposit.status !== 'credited') await creditDeposit(deps, db, deposit)
  },
}
