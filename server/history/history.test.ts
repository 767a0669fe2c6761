import { beforeEach, describe, expect, it } from 'vitest'
import { ACCOUNT_IDS, CARD_IDS, DEMO_PASSWORD } from '../../fixtures/personas'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

const account = ACCOUNT_IDS.personal
let t: TestApp
let paula: Caller

beforeEach(async () => {
  t = await createTestApp()
  paula = await signIn(t.app, 'personal', 'web')
  const admin = await signIn(t.app, 'admin')
  const tick = () => t.setNow(new Date(t.deps.now().getTime() + 1000))
  tick()
  const coffee = (
    await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, {
      amount: '4.5',
      merchantName: 'Café, "Central"',
    })
  ).body
  tick()
  await admin.json('POST', `/sandbox/card-authorizations/${coffee.networkId}/clearing`, {})
  await t.runJobs()
  tick()
  await paula.json('POST', `/cards/${CARD_IDS.personal}/freeze`)
  await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, { amount: '9', merchantName: 'Kiosk' })
  tick()
  await paula.json(
    'POST',
    `/accounts/${account}/withdrawals`,
    {
      asset: 'USDC',
      amount: '10',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      confirmation: { method: 'password', password: DEMO_PASSWORD },
    },
    { 'idempotency-key': 'hist-w-1' },
  )
})

describe('transaction history', () => {
  it('lists every movement newest first, with statuses and decline reasons', async () => {
    const { body } = await paula.json('GET', `/accounts/${account}/history`)
    // (The seeded deposits carry the database's clock, not this test's, so only this test's items are ordered here.)
    const mine = body.items.filter((i: { type: string }) => i.type !== 'deposit')
    expect(mine.map((i: { type: string; status: string }) => `${i.type}:${i.status}`)).toEqual([
      'withdrawal:pending',
      'card:declined',
      'card:settled',
    ])
    expect(body.items.filter((i: { type: string }) => i.type === 'deposit')).toHaveLength(2)
    expect(mine[1]).toMatchObject({
      title: { key: 'merchant', merchant: 'Kiosk' },
      amount: '-9',
      reason: { key: 'decline', code: 'card_frozen' },
    })
    expect(mine[2]).toMatchObject({ amount: '-4.5' })
  })

  it('filters by type, status and text, and pages with a cursor', async () => {
    expect((await paula.json('GET', `/accounts/${account}/history?type=card`)).body.items).toHaveLength(2)
    expect(
      (await paula.json('GET', `/accounts/${account}/history?status=declined`)).body.items.map(
        (i: { title: { merchant: string } }) => i.title.merchant,
      ),
    ).toEqual(['Kiosk'])
    expect((await paula.json('GET', `/accounts/${account}/history?q=caf%C3%A9`)).body.items).toHaveLength(1)
    const first = (await paula.json('GET', `/accounts/${account}/history?limit=2`)).body
    const second = (
      await paula.json('GET', `/accounts/${account}/history?limit=2&before=${encodeURIComponent(first.nextCursor)}`)
    ).body
    const third = (
      await paula.json('GET', `/accounts/${account}/history?limit=2&before=${encodeURIComponent(second.nextCursor)}`)
    ).body
    expect([...first.items, ...second.items, ...third.items]).toHaveLength(5)
    expect(third.nextCursor).toBeNull()
  })

  it('finds movements by the words a page shows them with, in English or in Portuguese', async () => {
    const search = async (q: string) =>
      (await paula.json('GET', `/accounts/${account}/history?q=${encodeURIComponent(q)}`)).body.items.map(
        (i: { type: string }) => i.type,
      )
    expect(await search('saque')).toEqual(['withdrawal'])
    expect(await search('Withdrawal')).toEqual(['withdrawal'])
    expect(await search('saque de USDC')).toEqual(['withdrawal'])
    expect(await search('depósito')).toEqual(['deposit', 'deposit'])
    expect(await search('deposito weETH')).toEqual(['deposit'])
    expect(await search('kiosk')).toEqual(['card'])
    expect(await search('saque kiosk')).toEqual([])
  })

  it('exports the filtered history as CSV, quoting what needs it', async () => {
    const res = await paula.request('GET', `/accounts/${account}/history.csv?type=card`)
    expect(res.headers.get('content-type')).toMatch(/text\/csv/)
    const lines = (await res.text()).trim().split('\n')
    expect(lines[0]).toBe('date,type,description,status,amount,asset,reason,id')
    expect(lines).toHaveLength(3)
    expect(lines[2]).toContain('"Café, ""Central"""')
  })

  it('writes the CSV’s descriptions in the language asked for', async () => {
    const csv = async (locale: string) =>
      (await (await paula.request('GET', `/accounts/${account}/history.csv?type=withdrawal&locale=${locale}`)).text())
        .trim()
        .split('\n')[1]
    expect(await csv('pt-BR')).toMatch(/;withdrawal;Saque de USDC para 0x\w{4}…\w{4};pending;/)
    expect(await csv('en-US')).toMatch(/,withdrawal,USDC withdrawal to 0x\w{4}…\w{4},pending,/)
  })

  it('opens in a Brazilian Excel as it does elsewhere: semicolons, decimal commas and a byte-order mark', async () => {
    // The bytes as a download saves them (Response.text() would drop a byte-order mark).
    const read = async (locale: string) =>
      Buffer.from(
        await (await paula.request('GET', `/accounts/${account}/history.csv?type=card&locale=${locale}`)).arrayBuffer(),
      ).toString('utf8')
    const pt = await read('pt-BR')
    expect(pt.startsWith('\uFEFFdate;type;description;status;amount;asset;reason;id\n')).toBe(true)
    const rows = pt.trim().split('\n').slice(1)
    expect(rows).toHaveLength(2)
    // Each row is eight cells on semicolons; the merchant's comma needs no quotes there, its quotes still do.
    expect(rows.map((r) => r.split(';').length)).toEqual([8, 8])
    expect(pt).toContain('Café, ""Central""')
    expect(pt).toMatch(/;-4,5;USDC;/)
    const en = await read('en-US')
    expect(en.startsWith('date,type,')).toBe(true)
    expect(en).toMatch(/,-4\.5,USDC,/)
  })

  it('exports a merchant name a spreadsheet would run as a formula as plain text, and amounts as numbers', async () => {
    const admin = await signIn(t.app, 'admin')
    await paula.json('POST', `/cards/${CARD_IDS.personal}/unfreeze`)
    for (const merchantName of ['=HYPERLINK("http://evil.example","x")', '@SUM(A1)', '+1-555', '-2+3'])
      expect(
        (await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, { amount: '1', merchantName }))
          .status,
      ).toBe(201)
    const csv = await (await paula.request('GET', `/accounts/${account}/history.csv?type=card`)).text()
    for (const line of csv.split('\n')) expect(line, line).not.toMatch(/(^|,)"?[=+@]/)
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example""`)
    expect(csv).toContain(",'@SUM(A1),")
    expect(csv).toContain(",'+1-555,")
    expect(csv).toContain(",'-2+3,")
    expect(csv).toContain(',-4.5,USDC,')
    expect(csv).toContain(',-1,USDC,')
  })

  it('is refused to people outside the account', async () => {
    const bruno = await signIn(t.app, 'borrower')
    expect((await bruno.json('GET', `/accounts/${account}/history`)).status).toBe(403)
  })
})

describe('movements outside the card network', () => {
  it('shows a card journal with no authorization (the seeded borrowed purchase) once, as itself', async () => {
    const bruno = await signIn(t.app, 'borrower')
    const items = (await bruno.json('GET', `/accounts/${ACCOUNT_IDS.borrower}/history`)).body.items
    const borrowed = (i: { title: { merchant?: string } }) => i.title.merchant === 'Lisbon Furniture Co.'
    expect(items.filter(borrowed)).toEqual([
      expect.objectContaining({ type: 'other', status: 'settled', amount: '-1200', asset: 'USDC' }),
    ])
  })

  it('shows a cleared purchase once, through its authorization', async () => {
    const items = (await paula.json('GET', `/accounts/${account}/history?q=Central`)).body.items
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ type: 'card', status: 'settled' })
  })
})
