import { expect, it } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { createTestApp } from '../testing/test-app'
import { someoneWaitsOnALock } from '../testing/test-database'
import { chainEvents, depositAddress } from './chain-deposits'

/**
 * Two detections of one transfer delivered at once (PostgreSQL only, vitest.config.ts): the first is applied and not
 * yet committed when the second is. Each described the transfer its own way, so no unique key tells them apart: the
 * second must wait for the first and find its deposit, or the transfer is credited twice.
 */
const cases = [
  {
    what: 'one without its log index and one with it (an indexer upgraded in between)',
    first: {},
    second: { logIndex: 3 },
  },
  {
    what: 'one in a block and one in the block that replaced it at the same height (a reorganization)',
    first: { logIndex: 3, blockHash: `0x${'0a'.repeat(32)}` },
    second: { logIndex: 5, blockHash: `0x${'0b'.repeat(32)}` },
  },
  {
    what: 'one in a block and one a block higher (a reorganization)',
    first: { logIndex: 3 },
    second: { logIndex: 4, blockNumber: '2' },
  },
]

for (const { what, first, second } of cases)
  it(`credits once a transfer detected twice at once: ${what}`, async () => {
    const t = await createTestApp()
    const { kysely } = t.deps.db
    const { address } = await depositAddress(kysely, ACCOUNT_IDS.personal)
    const txHash = `0x${'7d'.repeat(32)}`
    const transfer = {
      txHash,
      to: address,
      from: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      asset: 'USDC',
      amount: '9000000',
      blockNumber: '1',
    }
    // The first detection applied in its delivery's transaction, held open.
    let commitFirst: () => void = () => undefined
    const firstMayCommit = new Promise<void>((resolve) => {
      commitFirst = resolve
    })
    let firstApplied: () => void = () => undefined
    const applied = new Promise<void>((resolve) => {
      firstApplied = resolve
    })
    const one = kysely.transaction().execute(async (tx) => {
      await chainEvents['transfer.detected'](t.deps, tx, { ...transfer, ...first })
      firstApplied()
      await firstMayCommit
    })
    await applied
    const two = kysely
      .transaction()
      .execute((tx) => chainEvents['transfer.detected'](t.deps, tx, { ...transfer, ...second }))
    await someoneWaitsOnALock(kysely, two)
    commitFirst()
    await Promise.all([one, two])
    await kysely
      .transaction()
      .execute((tx) => chainEvents['transfer.confirmed'](t.deps, tx, { txHash, confirmations: 12 }))

    const deposits = await kysely.selectFrom('chain_deposits').select('status').where('tx_hash', '=', txHash).execute()
    expect(deposits, 'one deposit for the one transfer').toEqual([{ status: 'credited' }])
    const journals = await kysely.selectFrom('journals').select('id').where('reference', '=', txHash).execute()
    expect(journals).toHaveLength(1)
  })
