import { expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import type { Tx } from '../db/connect'
import { createTestApp } from '../testing/test-app'
import { someoneWaitsOnALock } from '../testing/test-database'
import { chainEvents, depositAddress } from './chain-deposits'

/**
 * A transaction whose reads of one table first wait for `before` (the other transaction's commit), so that a test
 * can put that commit between two statements of a handler, where the scale test's servers found it by chance.
 */
function commitBeforeReading(tx: Tx, table: string, before: () => Promise<void>): Tx {
  const waitFirst = (builder: object): object =>
    new Proxy(builder, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver)
        if (typeof value !== 'function') return value
        if (name === 'executeTakeFirst' || name === 'execute')
          return async (...args: unknown[]) => {
            await before()
            return value.apply(target, args)
          }
        return (...args: unknown[]) => {
          const next = value.apply(target, args)
          return next && typeof next === 'object' && 'executeTakeFirst' in next ? waitFirst(next) : next
        }
      },
    })
  return new Proxy(tx, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver)
      if (name !== 'selectFrom') return typeof value === 'function' ? value.bind(target) : value
      return (from: string) => (from === table ? waitFirst(value.call(target, from)) : value.call(target, from))
    },
  }) as Tx
}

// PostgreSQL only (vitest.config.ts): two transactions at once, each statement seeing what was committed when it began.
it('credits a transfer whose detection commits while its confirmation is looking for it (READ COMMITTED)', async () => {
  const t = await createTestApp()
  const { kysely } = t.deps.db
  const account = ACCOUNT_IDS.personal
  const { address } = await depositAddress(kysely, account)
  const txHash = `0x${'5e'.repeat(32)}`
  const detected = {
    txHash,
    to: address,
    from: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    asset: 'USDC',
    amount: '7000000',
    blockNumber: '1',
  }
  const journalsBefore = await kysely.selectFrom('journals').select('id').where('reference', '=', txHash).execute()
  expect(journalsBefore).toEqual([])

  // The detection, as a webhook delivery applies it: its event and its deposit in one transaction, held open.
  let commitDetection: () => void = () => undefined
  const detectionMayCommit = new Promise<void>((resolve) => {
    commitDetection = resolve
  })
  let detectionInserted: () => void = () => undefined
  const inserted = new Promise<void>((resolve) => {
    detectionInserted = resolve
  })
  const detection = kysely.transaction().execute(async (tx) => {
    await tx
      .insertInto('provider_events')
      .values({
        provider: 'chain',
        event_id: 'evt_race_detected',
        type: 'transfer.detected',
        payload: JSON.stringify(detected),
      })
      .execute()
    await chainEvents['transfer.detected'](t.deps, tx, detected)
    detectionInserted()
    await detectionMayCommit
  })
  await inserted

  // The confirmation looks for the deposit (not there yet: uncommitted), then for the detection, which commits first.
  await kysely.transaction().execute(async (tx) => {
    const raced = commitBeforeReading(tx, 'provider_events', async () => {
      commitDetection()
      await detection
    })
    await chainEvents['transfer.confirmed'](t.deps, raced, { txHash, confirmations: 12 })
  })

  const deposit = await kysely
    .selectFrom('chain_deposits')
    .select(['status', 'journal_id'])
    .where('tx_hash', '=', txHash)
    .executeTakeFirstOrThrow()
  expect(deposit.status, 'the deposit was credited, not left pending for ever').toBe('credited')
  const journals = await kysely.selectFrom('journals').select('id').where('reference', '=', txHash).execute()
  expect(journals.map((j) => j.id)).toEqual([deposit.journal_id])
})

it('credits a transfer whose late detection commits while its transaction’s confirmation waits for it', async () => {
  const t = await createTestApp()
  const { kysely } = t.deps.db
  const { address } = await depositAddress(kysely, ACCOUNT_IDS.personal)
  const txHash = `0x${'6f'.repeat(32)}`
  const first = {
    txHash,
    logIndex: 3,
    to: address,
    from: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    asset: 'USDC',
    amount: '5000000',
    blockNumber: '1',
  }
  await kysely.transaction().execute((tx) => chainEvents['transfer.detected'](t.deps, tx, first))

  // The second transfer's detection, delivered late, held open once its deposit is written.
  let commitDetection: () => void = () => undefined
  const detectionMayCommit = new Promise<void>((resolve) => {
    commitDetection = resolve
  })
  let detectionWritten: () => void = () => undefined
  const written = new Promise<void>((resolve) => {
    detectionWritten = resolve
  })
  const detection = kysely.transaction().execute(async (tx) => {
    await chainEvents['transfer.detected'](t.deps, tx, { ...first, logIndex: 7, amount: '3000000' })
    detectionWritten()
    await detectionMayCommit
  })
  await written
  const confirmation = kysely
    .transaction()
    .execute((tx) => chainEvents['transfer.confirmed'](t.deps, tx, { txHash, confirmations: 12 }))
  await someoneWaitsOnALock(kysely, confirmation)
  commitDetection()
  await Promise.all([detection, confirmation])

  const deposits = await kysely
    .selectFrom('chain_deposits')
    .select(['log_index', 'status'])
    .where('tx_hash', '=', txHash)
    .orderBy('log_index')
    .execute()
  expect(deposits, 'both transfers credited, none left pending for ever').toEqual([
    { log_index: 3, status: 'credited' },
    { log_index: 7, status: 'credited' },
  ])
})
