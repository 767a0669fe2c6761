import { beforeEach, describe, expect, it } from 'vitest'
import { CARD_IDS } from '../../fixtures/personas'
import { createTestApp, signIn, type Caller, type TestApp } from '../testing/test-app'

let t: TestApp
let admin: Caller

beforeEach(async () => {
  t = await createTestApp()
  admin = await signIn(t.app, 'admin')
})

const search = (q: string) => admin.json('GET', `/admin/investigate?q=${encodeURIComponent(q)}`)

describe('investigate a transaction', () => {
  it(
    'finds a card purchase by network id, authorization id or journal id: ' + 'its lifecycle, journal entries and hold',
    async () => {
      const { networkId } = (
        await admin.json('POST', `/sandbox/cards/${CARD_IDS.personal}/purchases`, {
          amount: '42.5',
          merchantName: 'Café Lisboa',
        })
      ).body
      t.setNow(new Date(t.deps.now().getTime() + 60_000))
      await admin.json('POST', `/sandbox/card-authorizations/${networkId}/clearing`, { amount: '40' })
      await t.runJobs()

      const byNetwork = await search(networkId)
      expect(byNetwork.status).toBe(200)
      expect(byNetwork.body.records).toEqual([
        expect.objectContaining({
          kind: 'card_authorization',
          status: 'cleared',
          details: ['Café Lisboa', networkId],
          amount: '42.5',
          asset: 'USDC',
        }),
      ])
      expect(byNetwork.body.holds).toEqual([
        expect.objectContaining({ status: 'posted', amount: '42.5', postedAmount: '40' }),
      ])
      expect(byNetwork.body.journals).toHaveLength(1)
      const journal = byNetwork.body.journals[0]
      expect(journal).toMatchObject({ kind: 'card_spend', reference: networkId })
      expect(journal.entries).toEqual([
        expect.objectContaining({ code: 'cash', owner: 'Paula Pereira', side: 'debit', asset: 'USDC', amount: '40' }),
        expect.objectContaining({
          code: 'card_settlement',
          owner: 'platform',
          side: 'credit',
          asset: 'USDC',
          amount: '40',
        }),
      ])
      const states = byNetwork.body.timeline.map((e: { state: string }) => e.state)
      expect(states).toEqual(
        expect.arrayContaining(['authorized', 'hold_reserved', 'cleared', 'hold_posted', 'journal_posted']),
      )
      expect(states.indexOf('authorized')).toBeLessThan(states.indexOf('cleared'))

      const byId = await search(byNetwork.body.records[0].id)
      expect(byId.body.journals.map((j: { id: string }) => j.id)).toEqual([journal.id])
      const byJournal = await search(journal.id)
      expect(byJournal.body.journals[0].entries).toHaveLength(2)
      expect(byJournal.body.holds).toHaveLength(1)
    },
  )

  it(
    'finds a manual refund by its id, ' + 'with the journal from the platform’s refunds account to the holder’s cash',
    async () => {
      const refund = await admin.json(
        'POST',
        '/admin/manual-refunds',
        { account: 'personal@demo.cash', amount: '12.345678', reason: 'Goodwill' },
        { 'idempotency-key': 'investigate-refund-1' },
      )
      const found = await search(refund.body.id)
      expect(found.body.records).toEqual([
        expect.objectContaining({
          kind: 'manual_refund',
          status: 'posted',
          details: ['Goodwill'],
          amount: '12.345678',
        }),
      ])
      expect(found.body.journals[0]).toMatchObject({
        kind: 'manual_refund',
        title: { key: 'cash_refund', reason: 'Goodwill' },
      })
      expect(found.body.journals[0].entries).toEqual([
        expect.objectContaining({ code: 'refunds', owner: 'platform', side: 'debit', amount: '12.345678' }),
        expect.objectContaining({ code: 'cash', owner: 'Paula Pereira', side: 'credit', amount: '12.345678' }),
      ])
      expect(found.body.timeline.map((e: { state: string }) => e.state)).toEqual(
        expect.arrayContaining(['requested', 'posted', 'journal_posted']),
      )
    },
  )

  it('says plainly when nothing matches, at the search field', async () => {
    const none = await search('0xdeadbeef')
    expect(none.status).toBe(404)
    expect(none.body.error).toMatchObject({
      code: 'nothing_found',
      fields: { q: expect.stringContaining('Nothing found for “0xdeadbeef”') },
    })
    const noUuid = await search('7a0b2f9e-0000-4000-8000-000000000000')
    expect(noUuid.status).toBe(404)
    expect((await search('')).body.error.fields.q).toBeDefined()
  })

  it('is for platform admins only', async () => {
    const paula = await signIn(t.app, 'personal')
    expect((await paula.json('GET', '/admin/investigate?q=abc')).status).toBe(403)
  })
})
