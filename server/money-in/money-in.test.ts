import { beforeEach, describe, expect, it } from 'vitest'
import { decodeBrCode } from '../../domain/br-code'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { checkLedger } from '../ledger/ledger-check'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'
import { providerKey, signWebhook } from '../webhooks/signature'
import { bankDetails } from './bank-receive'

let t: TestApp
let admin: Caller
let paula: Caller
const account = ACCOUNT_IDS.personal

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
  paula = await signIn(t.app, 'personal')
})

const advance = async (ms: number) => {
  t.setNow(new Date(t.deps.now().getTime() + ms))
  await t.runJobs()
}
const balance = async (asset = 'USDC') =>
  (
    (await paula.json('GET', `/accounts/${account}/balances`)).body.balances as { asset: string; balance: string }[]
  ).find((b) => b.asset === asset)!.balance
const key = () => `k-${Math.random().toString(36).slice(2)}`

async function postWebhook(provider: string, event: object, options: { secret?: string; timestamp?: number } = {}) {
  const body = JSON.stringify(event)
  const ts = options.timestamp ?? Math.floor(t.deps.now().getTime() / 1000)
  const signature = signWebhook(providerKey(options.secret ?? t.deps.config.WEBHOOK_SECRET, provider), body, ts)
  return t.app.request(`/app/cash/api/v1/webhooks/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cash-signature': signature },
    body,
  })
}

describe('provider webhooks', () => {
  it(
    'answer a correctly signed event with malformed data 400 with its ' +
      'fields (not 500, which the provider retries), and keep nothing of it',
    async () => {
      for (const [provider, type] of [
        ['card', 'authorization.request'],
        ['card', 'clearing'],
        ['pix', 'charge.paid'],
        ['bank', 'transfer.received'],
      ] as const) {
        const id = `evt_malformed_${provider}_${type}`
        const res = await postWebhook(provider, { id, type, created: t.deps.now().toISOString(), data: { junk: 1 } })
        expect(res.status, `${provider} ${type}`).toBe(400)
        const { error } = (await res.json()) as { error: { code: string; fields: Record<string, string> } }
        expect(error.code).toBe('invalid_request')
        expect(Object.keys(error.fields).length, `${provider} ${type} names its fields`).toBeGreaterThan(0)
        const kept = await t.deps.db.kysely
          .selectFrom('provider_events')
          .select('event_id')
          .where('event_id', '=', id)
          .execute()
        expect(kept).toEqual([])
      }
    },
  )
})

describe('crypto deposits to the safe address', () => {
  it('credits a deposit only after 12 confirmations, by exactly the amount', async () => {
    const { body: address } = await paula.json('GET', `/accounts/${account}/deposit-address`)
    expect(address).toMatchObject({ network: 'Scroll', requiredConfirmations: 12 })
    const sent = await admin.json('POST', '/sandbox/chain/transfers', {
      toAddress: address.address.toLowerCase(),
      asset: 'USDC',
      amount: '25.5',
    })
    expect(sent.status).toBe(201)
    await advance(500)
    const pending = (await paula.json('GET', `/accounts/${account}/deposits`)).body.items
    expect(pending).toEqual([expect.objectContaining({ txHash: sent.body.txHash, amount: '25.5', status: 'pending' })])
    expect(pending[0].confirmations).toBeLessThan(12)
    expect(await balance()).toBe('2500')
    await advance(3000)
    expect((await paula.json('GET', `/accounts/${account}/deposits`)).body.items[0]).toMatchObject({
      status: 'credited',
      confirmations: 12,
    })
    expect(await balance()).toBe('2525.5')
    const activity = (await paula.json('GET', `/accounts/${account}/activity`)).body.items
    expect(activity[0]).toMatchObject({ kind: 'deposit', amount: '25.5', asset: 'USDC' })
  })

  it('ignores transfers to addresses that are no Cash safe', async () => {
    await admin.json('POST', '/sandbox/chain/transfers', {
      toAddress: '0x000000000000000000000000000000000000dEaD',
      asset: 'ETH',
      amount: '1',
    })
    await advance(5000)
    expect(await t.deps.db.kysely.selectFrom('chain_deposits').select('id').execute()).toEqual([])
  })

  it('refuses a malformed or mis-checksummed address at its field', async () => {
    const res = await admin.json('POST', '/sandbox/chain/transfers', {
      toAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd',
      asset: 'USDC',
      amount: '1',
    })
    expect(res.body.error.code).toBe('address_checksum')
  })
})

describe('webhooks', () => {
  const detected = async () => {
    const { body } = await paula.json('GET', `/accounts/${account}/deposit-address`)
    return {
      id: 'evt_fixed_1',
      type: 'transfer.detected',
      created: t.deps.now().toISOString(),
      data: {
        txHash: `0x${'ab'.repeat(32)}`,
        to: body.address,
        from: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
        asset: 'USDC',
        amount: '5000000',
        blockNumber: '1',
      },
    }
  }
  const confirmed = {
    id: 'evt_fixed_2',
    type: 'transfer.confirmed',
    created: '2026-11-21T12:00:00Z',
    data: { txHash: `0x${'ab'.repeat(32)}`, confirmations: 12 },
  }

  it('applies the same event once, however often it is delivered', async () => {
    expect(await (await postWebhook('chain', await detected())).json()).toEqual({ received: true, duplicate: false })
    expect((await postWebhook('chain', confirmed)).status).toBe(200)
    const again = await postWebhook('chain', confirmed)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    // A new event id for the same transfer credits nothing either: a transfer is credited once.
    await postWebhook('chain', { ...confirmed, id: 'evt_fixed_3' })
    expect(await balance()).toBe('2505')
  })

  it(
    'refuses a confirmation that overtook its detection (409), ' +
      'and credits once when it is delivered again after it',
    async () => {
      // The scale test's finding: the detection's delivery waited on a killed server's claim while the confirmation
      // ran elsewhere; it was recorded as done with nothing to confirm, and the deposit stayed pending for ever.
      const early = await postWebhook('chain', confirmed)
      expect(early.status).toBe(409)
      expect((await early.json()).error.code).toBe('event_out_of_order')
      expect(
        await t.deps.db.kysely.selectFrom('provider_events').select('event_id').execute(),
        'nothing recorded: the retry applies',
      ).toEqual([])
      expect((await postWebhook('chain', await detected())).status).toBe(200)
      expect(await (await postWebhook('chain', confirmed)).json()).toEqual({ received: true, duplicate: false })
      expect(await balance()).toBe('2505')
    },
  )

  it(
    'accepts the confirmation of a transfer to an address that is not a Cash safe, ' + 'once its detection was ignored',
    async () => {
      const elsewhere = { ...(await detected()), id: 'evt_elsewhere_1' }
      elsewhere.data = {
        ...elsewhere.data,
        to: '0x000000000000000000000000000000000000dEaD',
        txHash: `0x${'cd'.repeat(32)}`,
      }
      expect((await postWebhook('chain', elsewhere)).status).toBe(200)
      const res = await postWebhook('chain', {
        ...confirmed,
        id: 'evt_elsewhere_2',
        data: { txHash: `0x${'cd'.repeat(32)}`, confirmations: 12 },
      })
      expect(res.status).toBe(200)
      expect(await balance()).toBe('2500')
    },
  )

  it('credits a deposit the indexer reports with the safe address in lower case', async () => {
    const lower = await detected()
    lower.data = { ...lower.data, to: lower.data.to.toLowerCase() }
    expect((await postWebhook('chain', lower)).status).toBe(200)
    expect((await postWebhook('chain', confirmed)).status).toBe(200)
    expect(await balance()).toBe('2505')
  })

  it('credits a deposit whose detection and confirmation write its hash in different cases', async () => {
    const upper = await detected()
    upper.data = { ...upper.data, txHash: `0x${'AB'.repeat(32)}` }
    expect((await postWebhook('chain', upper)).status).toBe(200)
    expect((await postWebhook('chain', confirmed)).status).toBe(200) // the hash in lower case
    expect(await balance()).toBe('2505')
  })

  it('credits each transfer of one transaction that pays the safe twice (a batch payout), each once', async () => {
    const first = await detected()
    first.data = { ...first.data, logIndex: 3 } as typeof first.data
    const second = { ...first, id: 'evt_batch_2', data: { ...first.data, amount: '3000000', logIndex: 7 } }
    expect((await postWebhook('chain', first)).status).toBe(200)
    expect((await postWebhook('chain', second)).status).toBe(200)
    // The indexer resends the second transfer under a new event id: the same log, not a third transfer.
    expect((await postWebhook('chain', { ...second, id: 'evt_batch_3' })).status).toBe(200)
    expect((await postWebhook('chain', confirmed)).status).toBe(200)
    expect(await balance()).toBe('2508')
    const deposits = (await paula.json('GET', `/accounts/${account}/deposits`)).body.items
    expect(deposits.map((d: { amount: string; status: string }) => [d.amount, d.status]).sort()).toEqual([
      ['3', 'credited'],
      ['5', 'credited'],
    ])
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it('credits a transfer of a transaction whose detection comes after the transaction was confirmed', async () => {
    const first = await detected()
    first.data = { ...first.data, logIndex: 3 } as typeof first.data
    const second = { ...first, id: 'evt_batch_2', data: { ...first.data, amount: '3000000', logIndex: 7 } }
    expect((await postWebhook('chain', first)).status).toBe(200)
    expect((await postWebhook('chain', confirmed)).status).toBe(200)
    // The second transfer's detection was delivered late (a retry): its transaction's one confirmation is past.
    expect((await postWebhook('chain', second)).status).toBe(200)
    expect((await postWebhook('chain', { ...second, id: 'evt_batch_3' })).status).toBe(200)
    expect(await balance()).toBe('2508')
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it(
    'credits once a transfer detected without its log and again with it (an indexer upgraded ' +
      'between the two), and still each of two equal transfers of one transaction',
    async () => {
      const bare = await detected()
      expect((await postWebhook('chain', bare)).status).toBe(200)
      const indexed = { ...bare, id: 'evt_indexed_1', data: { ...bare.data, logIndex: 3 } }
      expect((await postWebhook('chain', indexed)).status).toBe(200)
      // A second transfer of the same amount in the transaction, at another log: its own deposit.
      const twin = { ...bare, id: 'evt_indexed_2', data: { ...bare.data, logIndex: 9 } }
      expect((await postWebhook('chain', twin)).status).toBe(200)
      // And the first again, as the old indexer wrote it: nothing new.
      expect((await postWebhook('chain', { ...bare, id: 'evt_bare_again' })).status).toBe(200)
      expect((await postWebhook('chain', confirmed)).status).toBe(200)
      expect(await balance()).toBe('2510')
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('credits a transaction seen again in another block (a reorganization) once', async () => {
    const first = await detected()
    first.data = { ...first.data, logIndex: 3 } as typeof first.data
    // A log's index counts in its block: the same transfer mined again in the next block has another.
    const again = {
      ...first,
      id: 'evt_reorg_1',
      data: { ...first.data, logIndex: 12, blockNumber: (BigInt(first.data.blockNumber) + 1n).toString() },
    }
    expect((await postWebhook('chain', first)).status).toBe(200)
    expect((await postWebhook('chain', again)).status).toBe(200)
    expect((await postWebhook('chain', confirmed)).status).toBe(200)
    expect(await balance()).toBe('2505')
    expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
  })

  it(
    'credits once a transaction mined again at the same height in another block (a reorganization), ' +
      'and each of two equal transfers of one block',
    async () => {
      const first = await detected()
      first.data = { ...first.data, logIndex: 3, blockHash: `0x${'0a'.repeat(32)}` } as typeof first.data
      // The block at that height replaced: the transaction in it again, at another log index.
      const again = { ...first, id: 'evt_reorg_same_height', data: { ...first.data, logIndex: 5 } }
      again.data = { ...again.data, blockHash: `0x${'0b'.repeat(32)}` } as typeof again.data
      expect((await postWebhook('chain', first)).status).toBe(200)
      expect((await postWebhook('chain', again)).status).toBe(200)
      // Within the first block, a second transfer of the same amount at another log is its own.
      const twin = { ...first, id: 'evt_same_block_twin', data: { ...first.data, logIndex: 8 } }
      expect((await postWebhook('chain', twin)).status).toBe(200)
      expect((await postWebhook('chain', confirmed)).status).toBe(200)
      expect(await balance()).toBe('2510')
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('records a zero-value transfer to the safe (address-poisoning spam) as seen, and credits nothing', async () => {
    const spam = await detected()
    spam.data = { ...spam.data, amount: '0' }
    expect((await postWebhook('chain', spam)).status).toBe(200)
    // Its confirmation is not refused as early for ever: the detection was seen.
    expect((await postWebhook('chain', confirmed)).status).toBe(200)
    expect(await balance()).toBe('2500')
    expect(await t.deps.db.kysely.selectFrom('chain_deposits').select('id').execute()).toEqual([])
  })

  it('refuses a bad signature and changes nothing', async () => {
    const res = await postWebhook('chain', await detected(), { secret: 'someone-else-entirely-secret' })
    expect(res.status).toBe(401)
    expect((await res.json()).error.code).toBe('webhook_signature')
    const forged = await t.app.request('/app/cash/api/v1/webhooks/chain', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(confirmed),
    })
    expect(forged.status).toBe(401)
    expect(await t.deps.db.kysely.selectFrom('provider_events').select('event_id').execute()).toEqual([])
  })

  it('refuses an old (replayed) or future timestamp and changes nothing', async () => {
    const now = Math.floor(t.deps.now().getTime() / 1000)
    for (const timestamp of [now - 301, now + 301]) {
      const res = await postWebhook('chain', await detected(), { timestamp })
      expect(res.status).toBe(400)
      expect((await res.json()).error.code).toBe('webhook_timestamp')
    }
    expect(await t.deps.db.kysely.selectFrom('chain_deposits').select('id').execute()).toEqual([])
  })

  it('signs a body, not its parse: a re-serialised body fails', async () => {
    const event = await detected()
    const ts = Math.floor(t.deps.now().getTime() / 1000)
    const signature = signWebhook(providerKey(t.deps.config.WEBHOOK_SECRET, 'chain'), JSON.stringify(event), ts)
    const res = await t.app.request('/app/cash/api/v1/webhooks/chain', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cash-signature': signature },
      body: JSON.stringify(event, null, 1),
    })
    expect(res.status).toBe(401)
  })
})

describe('bridges', () => {
  it('refuses, at the amount, a bridge transfer that would deliver nothing, quote and start alike', async () => {
    const tiny = { bridge: 'etherfi', sourceChain: 'Ethereum', token: 'eETH', amount: '0.000000000000000001' }
    const quote = await paula.json('GET', `/accounts/${account}/bridge-quote?${new URLSearchParams(tiny)}`)
    const started = await paula.json('POST', `/accounts/${account}/bridge-transfers`, tiny, {
      'idempotency-key': key(),
    })
    for (const res of [quote, started]) {
      expect(res.status).toBe(400)
      expect(res.body.error).toMatchObject({ code: 'amount_too_small', fields: { amount: /nothing would arrive/ } })
    }
    expect(await t.deps.db.kysely.selectFrom('bridge_transfers').select('id').execute()).toEqual([])
  })

  it('moves a Stargate transfer through its states and credits what arrives on delivery', async () => {
    const quote = await paula.json(
      'GET',
      `/accounts/${account}/bridge-quote?bridge=stargate&sourceChain=Arbitrum&token=USDC&amount=100`,
    )
    expect(quote.body).toMatchObject({ asset: 'USDC', fee: '0.06', receive: '99.94' })
    const started = await paula.json(
      'POST',
      `/accounts/${account}/bridge-transfers`,
      { bridge: 'stargate', sourceChain: 'Arbitrum', token: 'USDC', amount: '100' },
      { 'idempotency-key': key() },
    )
    expect(started.body.status).toBe('confirming')
    const hash = started.body.sourceTxHash
    await advance(2_100)
    expect((await paula.json('GET', `/bridge-transfers/${hash}`)).body.status).toBe('in_flight')
    await advance(3_100)
    const done = (await paula.json('GET', `/bridge-transfers/${hash}`)).body
    expect(done).toMatchObject({ status: 'delivered', destinationTxHash: expect.stringMatching(/^0x/) })
    expect(await balance()).toBe('2599.94')
  })

  it('applies a bridge’s status whatever case it writes the source hash in', async () => {
    const started = await paula.json(
      'POST',
      `/accounts/${account}/bridge-transfers`,
      { bridge: 'stargate', sourceChain: 'Arbitrum', token: 'USDC', amount: '100' },
      { 'idempotency-key': key() },
    )
    const hash: string = started.body.sourceTxHash
    const res = await postWebhook('bridge', {
      id: 'evt_bridge_upper',
      type: 'transfer.status',
      created: t.deps.now().toISOString(),
      data: { sourceTxHash: `0x${hash.slice(2).toUpperCase()}`, status: 'failed', reason: 'Route paused' },
    })
    expect(res.status).toBe(200)
    expect((await paula.json('GET', `/bridge-transfers/${hash}`)).body.status).toBe('failed')
  })

  it('shows a failure with its reason and credits nothing', async () => {
    const started = await paula.json(
      'POST',
      `/accounts/${account}/bridge-transfers`,
      { bridge: 'etherfi', sourceChain: 'Ethereum', token: 'weETH', amount: '0.5' },
      { 'idempotency-key': key() },
    )
    await admin.json('POST', `/sandbox/bridge/transfers/${started.body.sourceTxHash}/outcome`, {
      status: 'failed',
      reason: 'Out of gas on the destination chain; refunded on Ethereum.',
    })
    await advance(6_000)
    expect((await paula.json('GET', `/bridge-transfers/${started.body.sourceTxHash}`)).body).toMatchObject({
      status: 'failed',
      failureReason: { key: 'note', text: 'Out of gas on the destination chain; refunded on Ethereum.' },
    })
    expect(await balance('weETH')).toBe('1.2')
  })

  it('does not show one holder’s transfer to another, and refuses routes a bridge does not serve', async () => {
    const started = await paula.json(
      'POST',
      `/accounts/${account}/bridge-transfers`,
      { bridge: 'stargate', sourceChain: 'Base', token: 'ETH', amount: '0.1' },
      { 'idempotency-key': key() },
    )
    const bruno = await signIn(t.app, 'borrower')
    expect((await bruno.json('GET', `/bridge-transfers/${started.body.sourceTxHash}`)).status).toBe(404)
    const wrong = await paula.json(
      'POST',
      `/accounts/${account}/bridge-transfers`,
      { bridge: 'etherfi', sourceChain: 'Base', token: 'weETH', amount: '1' },
      { 'idempotency-key': key() },
    )
    expect(wrong.body.error).toMatchObject({ code: 'bridge_unsupported', fields: { token: expect.any(String) } })
  })
})

describe('PIX top-up', () => {
  it(
    'shows a valid BR Code for R$100 and, once paid, ' + 'credits the quoted USDC with the fee to the fee account',
    async () => {
      expect((await paula.json('GET', `/accounts/${account}/pix/quote?brlAmount=100`)).body).toMatchObject({
        creditUsdc: '19.8',
        feeUsdc: '0.2',
        lockSeconds: 600,
      })
      const charge = (
        await paula.json('POST', `/accounts/${account}/pix/charges`, { brlAmount: '100' }, { 'idempotency-key': key() })
      ).body
      expect(decodeBrCode(charge.brCode)).toMatchObject({
        kind: 'dynamic',
        amount: '100.00',
        txid: charge.txid,
        merchantName: 'CASH PAGAMENTOS LTDA',
      })
      await admin.json('POST', `/sandbox/pix/charges/${charge.txid}/pay`)
      await advance(100)
      expect((await paula.json('GET', `/accounts/${account}/pix/charges/${charge.id}`)).body.status).toBe('paid')
      expect(await balance()).toBe('2519.8')
      expect(await checkLedger(t.deps.db.kysely)).toMatchObject({ ok: true })
    },
  )

  it('expires an unpaid code after 10 minutes and credits nothing if it is paid late', async () => {
    const charge = (
      await paula.json('POST', `/accounts/${account}/pix/charges`, { brlAmount: '50,00' }, { 'idempotency-key': key() })
    ).body
    await advance(601_000)
    expect((await paula.json('GET', `/accounts/${account}/pix/charges/${charge.id}`)).body.status).toBe('expired')
    await admin.json('POST', `/sandbox/pix/charges/${charge.txid}/pay`)
    await advance(100)
    expect(await balance()).toBe('2500')
    // The payer's reais arrived all the same: support finds them in the log, to send back.
    const logged = t.logs.map((line) => JSON.parse(line)).filter((l) => l.msg === 'pix payment not credited')
    expect(logged).toEqual([expect.objectContaining({ txid: charge.txid, amountBrl: '5000', reason: 'expired' })])
  })

  it('says at the amount field when it is under R$10 or over the daily R$50,000', async () => {
    const small = await paula.json(
      'POST',
      `/accounts/${account}/pix/charges`,
      { brlAmount: '9,99' },
      { 'idempotency-key': key() },
    )
    expect(small.body.error).toMatchObject({ code: 'pix_amount_min', fields: { brlAmount: expect.any(String) } })
    expect(
      (
        await paula.json(
          'POST',
          `/accounts/${account}/pix/charges`,
          { brlAmount: '40000' },
          { 'idempotency-key': key() },
        )
      ).status,
    ).toBe(201)
    const over = await paula.json(
      'POST',
      `/accounts/${account}/pix/charges`,
      { brlAmount: '10000.01' },
      { 'idempotency-key': key() },
    )
    expect(over.body.error).toMatchObject({ code: 'pix_daily_limit', fields: { brlAmount: expect.any(String) } })
  })

  it('keeps counting the day’s R$50,000 when the holder moves to a time zone where a new day has begun', async () => {
    const charge = (brlAmount: string) =>
      paula.json('POST', `/accounts/${account}/pix/charges`, { brlAmount }, { 'idempotency-key': key() })
    // 10:55 on the 21st in São Paulo.
    t.setNow(new Date('2026-11-21T13:55:00Z'))
    expect((await charge('40000')).status).toBe(201)
    // Six minutes later (the charge still valid) the account moves to Brisbane, where it is 00:01 on the 22nd.
    t.setNow(new Date('2026-11-21T14:01:00Z'))
    const moved = await paula.json('PUT', '/profile', {
      name: 'Paula Pereira',
      language: null,
      phone: null,
      timeZone: 'Australia/Brisbane',
    })
    expect(moved.status).toBe(200)
    expect((await charge('10000.01')).body.error).toMatchObject({ code: 'pix_daily_limit' })
    expect((await charge('10000')).status).toBe(201)
  })
})

describe('bank receive', () => {
  it('credits an incoming ACH less 0.2 % and a SEPA transfer less 0.2 % and 0.5 % FX', async () => {
    const details = (await paula.json('GET', `/accounts/${account}/bank-details`)).body
    expect(details.usd.routingNumber).toMatch(/^\d{9}$/)
    expect(details.eur.iban).toMatch(/^DE\d{20}$/)
    await admin.json('POST', '/sandbox/bank/transfers', {
      accountId: account,
      rail: 'ach',
      amount: '1000',
      senderName: 'Paula Pereira',
    })
    await admin.json('POST', '/sandbox/bank/transfers', {
      accountId: account,
      rail: 'sepa',
      amount: '1000',
      senderName: 'Paula Pereira',
    })
    await advance(100)
    expect(await balance()).toBe('4570.44') // 2,500 + 998 + 1,072.44
    const items = (await paula.json('GET', `/accounts/${account}/bank-transfers-in`)).body.items
    expect(items.map((i: { feeUsdc: string }) => i.feeUsdc).sort()).toEqual(['2', '7.56'])
  })

  it('credits a transfer the rails resend under a new event id once, and refuses a transfer of nothing', async () => {
    const details = (await paula.json('GET', `/accounts/${account}/bank-details`)).body
    const received = (id: string, amountMinor: string) => ({
      id,
      type: 'transfer.received',
      created: t.deps.now().toISOString(),
      data: {
        reference: `ACH-REF-${amountMinor}`,
        accountNumber: details.usd.accountNumber,
        rail: 'ach',
        currency: 'USD',
        amountMinor,
        senderName: 'Paula Pereira',
        senderIsHolder: true,
      },
    })
    expect((await postWebhook('bank', received('evt_bank_a', '100000'))).status).toBe(200)
    expect((await postWebhook('bank', received('evt_bank_b', '100000'))).status).toBe(200)
    expect(await balance()).toBe('3498') // 2,500 + 1,000 less 0.2 %, once
    const nothing = await postWebhook('bank', received('evt_bank_zero', '0'))
    expect(nothing.status).toBe(400)
    expect((await nothing.json()).error.code).toBe('amount_not_positive')
    const items = (await paula.json('GET', `/accounts/${account}/bank-transfers-in`)).body.items
    expect(items).toEqual([expect.objectContaining({ status: 'credited', creditUsdc: '998' })])
  })

  it('issues two accounts whose ids derive the same numbers different virtual details', async () => {
    // Two account ids whose first USD numbers collide (found by hashing ~38,000 random ids: the number keeps about
    // 1.15e9 values, so a platform of a few tens of thousands of accounts meets this).
    const ids = ['75d40958-2272-482c-a321-fb94066e76de', '1c0762f0-b1a8-440e-9292-c615f852511a']
    const db = t.deps.db.kysely
    for (const id of ids)
      await db
        .insertInto('accounts')
        .values({
          id,
          kind: 'personal',
          name: `Holder ${id.slice(0, 4)}`,
          mode: 'direct_pay',
          time_zone: 'UTC',
          daily_limit: 1n,
          monthly_limit: 1n,
        })
        .execute()
    const [a, b] = [
      await db.transaction().execute((tx) => bankDetails(t.deps, tx, ids[0]!)),
      await db.transaction().execute((tx) => bankDetails(t.deps, tx, ids[1]!)),
    ]
    expect(b.usd.accountNumber).not.toBe(a.usd.accountNumber)
    // Asked again, each account keeps the numbers it was issued.
    expect((await db.transaction().execute((tx) => bankDetails(t.deps, tx, ids[1]!))).usd).toEqual(b.usd)
    // A sandbox transfer to an account that does not exist is a 404 at the account, not a 500.
    const res = await admin.json('POST', '/sandbox/bank/transfers', {
      accountId: '00000000-0000-4000-8000-00000000dead',
      rail: 'ach',
      amount: '10',
      senderName: 'Nobody',
    })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('not_found')
  })

  it('returns a third party’s transfer over $4,000 and credits nothing', async () => {
    await admin.json('POST', '/sandbox/bank/transfers', {
      accountId: account,
      rail: 'wire',
      amount: '4000.01',
      senderName: 'Someone Else',
      thirdParty: true,
    })
    await advance(100)
    const [item] = (await paula.json('GET', `/accounts/${account}/bank-transfers-in`)).body.items
    expect(item).toMatchObject({
      status: 'returned',
      creditUsdc: '0',
      returnReason: { key: 'third_party_cap', cap: '4000000000' },
    })
    expect(await balance()).toBe('2500')
  })

  it('shows a returned transfer in history, with what was sent and why it went back', async () => {
    await admin.json('POST', '/sandbox/bank/transfers', {
      accountId: account,
      rail: 'wire',
      amount: '5000',
      senderName: 'Someone Else',
      thirdParty: true,
    })
    await advance(100)
    const bank = (await paula.json('GET', `/accounts/${account}/history?type=bank`)).body.items
    expect(bank).toEqual([
      expect.objectContaining({
        type: 'bank',
        title: { key: 'bank_in', rail: 'wire', name: 'Someone Else' },
        status: 'returned',
        amount: '5000',
        asset: 'USDC',
        reason: { key: 'third_party_cap', cap: '4000000000' },
      }),
    ])
    expect((await paula.json('GET', `/accounts/${account}/history?status=returned`)).body.items).toHaveLength(1)
    const detail = await paula.json('GET', `/accounts/${account}/history/bank/${bank[0].id}`)
    expect(detail).toMatchObject({
      status: 200,
      body: {
        status: 'returned',
        reason: { key: 'third_party_cap', cap: '4000000000' },
        timeline: [{ step: 'returned' }],
      },
    })
    expect(await balance()).toBe('2500')
  })
})
