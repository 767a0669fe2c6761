import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

/**
 * The card network waits CARD_NETWORK_WAIT_MS for a decision; past it, it declines to the merchant and sends a
 * timeout advice. What the network believes is what stands: no hold for a purchase it declined.
 */
let t: TestApp
let admin: Caller
let paula: Caller
const account = ACCOUNT_IDS.personal
const card = CARD_IDS.personal

const holdsOfPaula = () =>
  t.deps.db.kysely
    .selectFrom('holds')
    .select(['reference', 'amount'])
    .where('account_id', '=', account)
    .where('status', '=', 'pending')
    .where('kind', '=', 'card_authorization')
    .execute()
const authorizationsOf = (networkIds: string[]) =>
  t.deps.db.kysely
    .selectFrom('card_authorizations')
    .select(['network_id', 'status', 'decline_reason'])
    .where('network_id', 'in', networkIds)
    .execute()

const request = (networkId: string, amount = '10') => ({
  provider: 'card',
  event: {
    id: `evt_${networkId}`,
    type: 'authorization.request',
    created: t.deps.now().toISOString(),
    data: { networkId, cardId: card, amount, merchantName: 'Late Café', merchantCity: 'Lisboa', mcc: '5812' },
  },
})
const advice = (networkId: string, amount = '10') => ({
  provider: 'card',
  event: {
    id: `evt_timeout_${networkId}`,
    type: 'authorization.timeout',
    created: t.deps.now().toISOString(),
    data: request(networkId, amount).event.data,
  },
})

describe('the network’s window', () => {
  beforeEach(async () => {
    // The network gives up after 5 ms: most of 100 parallel purchases land after it.
    t = await createTestApp({ CARD_NETWORK_WAIT_MS: 5 })
    admin = await signIn(t.app, 'admin')
    paula = await signIn(t.app, 'personal')
  })

  // 100 purchases and 50 advices, each a signed webhook with its own transaction: minutes on a loaded machine.
  it('100 parallel purchases against a network that times out: every approval ' +
    'it did not receive is voided, and balances, holds and the ledger agree', {
    timeout: 240_000,
  }, async () => {
    // Half the requests reach us late: held until the network has answered every purchase (so those surely
    // time out); the other half race the 5 ms window as they come.
    const deliver = t.deps.deliverWebhook!
    const decisions: Promise<Response>[] = []
    const late: (() => void)[] = []
    let n = 0
    t.deps.deliverWebhook = (payload) => {
      const answer =
        n++ % 2 === 0
          ? new Promise<void>((resolve) => late.push(resolve)).then(() => deliver(payload))
          : deliver(payload)
      decisions.push(answer)
      return answer
    }
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        admin.json('POST', `/sandbox/cards/${card}/purchases`, { amount: '10', merchantName: `Shop ${i}` }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(201))
    const ids = answers.map((a) => a.body.networkId as string)
    const approved = answers.filter((a) => a.body.approved).map((a) => a.body.networkId as string)
    const timedOut = answers.filter((a) => a.body.reason === 'timeout').map((a) => a.body.networkId as string)
    expect(approved.length + timedOut.length).toBe(100)
    expect(timedOut.length).toBeGreaterThanOrEqual(50)

    // The late decisions land while the network's timeout advices are delivered (jobs), in whatever order.
    const runAdvices = async () => {
      while ((await t.runJobs()) > 0);
    }
    for (const release of late) release()
    await Promise.all([Promise.allSettled(decisions), runAdvices()])
    await runAdvices()

    const rows = await authorizationsOf(ids)
    expect(rows).toHaveLength(100)
    expect(
      rows
        .filter((r) => r.status === 'approved')
        .map((r) => r.network_id)
        .sort(),
    ).toEqual([...approved].sort())
    expect(
      rows
        .filter((r) => timedOut.includes(r.network_id))
        .every((r) => r.status === 'declined' && r.decline_reason === 'timeout'),
    ).toBe(true)
    const holds = await holdsOfPaula()
    expect(holds.map((h) => h.reference).sort()).toEqual([...approved].sort())
    expect(holds.reduce((sum, h) => sum + h.amount, 0n)).toBe(BigInt(approved.length) * 10_000_000n)
    const position = (await paula.json('GET', `/accounts/${account}/balances`)).body
    expect(position.spendable).toBe(String(2500 - 10 * approved.length))
    expect(position.pendingHolds).toBe(String(10 * approved.length))
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('an advice after an approval voids its hold at once; the purchase shows declined as a timeout', async () => {
    const answer = await (await t.deps.deliverWebhook!(request('auth_late_1'))).json()
    expect(answer.result).toMatchObject({ approved: true })
    expect(await holdsOfPaula()).toHaveLength(1)
    expect((await t.deps.deliverWebhook!(advice('auth_late_1'))).status).toBe(200)
    expect(await holdsOfPaula()).toHaveLength(0)
    expect(await authorizationsOf(['auth_late_1'])).toEqual([
      { network_id: 'auth_late_1', status: 'declined', decline_reason: 'timeout' },
    ])
    expect((await paula.json('GET', `/accounts/${account}/balances`)).body.spendable).toBe('2500')
    // A clearing for it later is a failed recon for admins, never a charge.
    await admin.json('POST', '/sandbox/card-authorizations/auth_late_1/clearing', { amount: '10' })
    await t.runJobs()
    expect(
      (await paula.json('GET', `/accounts/${account}/balances`)).body.balances.find(
        (b: { asset: string }) => b.asset === 'USDC',
      ).balance,
    ).toBe('2500')
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('an advice before the decision: the decision that lands later writes nothing, and says why', async () => {
    const expiries = async () =>
      (
        await sql<{ n: bigint }>`SELECT count(*) AS n FROM jobs WHERE kind = 'card.expire-due'`.execute(
          t.deps.db.kysely,
        )
      ).rows[0]!.n
    const before = await expiries()
    expect((await t.deps.deliverWebhook!(advice('auth_late_2'))).status).toBe(200)
    const late = await t.deps.deliverWebhook!(request('auth_late_2'))
    expect(late.status).toBe(409)
    expect((await late.json()).error.code).toBe('authorization_timed_out')
    expect(await holdsOfPaula()).toHaveLength(0)
    expect(await authorizationsOf(['auth_late_2'])).toEqual([
      { network_id: 'auth_late_2', status: 'declined', decline_reason: 'timeout' },
    ])
    expect(await expiries()).toBe(before)
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('an advice repeated, or for a purchase already declined, changes nothing', async () => {
    await paula.json('POST', `/cards/${card}/freeze`)
    expect((await (await t.deps.deliverWebhook!(request('auth_late_3'))).json()).result).toMatchObject({
      approved: false,
      reason: 'card_frozen',
    })
    expect((await t.deps.deliverWebhook!(advice('auth_late_3'))).status).toBe(200)
    expect((await t.deps.deliverWebhook!(advice('auth_late_3'))).status).toBe(200)
    expect(await authorizationsOf(['auth_late_3'])).toEqual([
      { network_id: 'auth_late_3', status: 'declined', decline_reason: 'card_frozen' },
    ])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })
})
