import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MovementReasonSchema } from '../../domain/movement-reason'
import { MovementTitleSchema } from '../../domain/movement-title'
import { movementReasonText, movementTitleText } from '../../domain/movement-words'
import { migrationFiles } from './migrate'
import { newPglite } from './fresh-cluster'

/**
 * Migration 0043 reads the English sentences journals and holds carried before titles were data back into titles.
 * Each sentence shape the server wrote is read here by the migration's own function (its text up to where it
 * rewrites the tables), and the title it gives must be a valid one that a page words as the sentence said.
 */
const readerOf = (version: string, firstAlter: string) => {
  const { sql } = migrationFiles().find((m) => m.version === version)!
  return sql.slice(0, sql.indexOf(firstAlter))
}

let db: PGlite
beforeAll(async () => {
  db = await newPglite()
  await db.exec(readerOf('0043_movement_titles', 'ALTER TABLE journals'))
  await db.exec(readerOf('0044_movement_reasons', 'ALTER TABLE'))
  await db.exec(readerOf('0045_membership_point_titles', 'ALTER TABLE'))
  await db.exec(readerOf('0048_failed_recon_reasons', 'ALTER TABLE'))
})
afterAll(() => db.close())

const read = async (sentence: string, reader = 'movement_title_from_text') =>
  (await db.query<{ t: unknown }>(`SELECT ${reader}($1) AS t`, [sentence])).rows[0]!.t

describe('titles read from the sentences written before', () => {
  // The sentence as stored, and as an English page shows it now (amounts and dates formatted).
  const cases: [string, string][] = [
    ['USDC deposit', 'USDC deposit'],
    ['weETH sent out', 'weETH sent out'],
    ['USDC withdrawal to 0x5aAe…eAEd', 'USDC withdrawal to 0x5aAe…eAEd'],
    ['ETH withdrawal returned', 'ETH withdrawal returned'],
    ['PIX top-up R$ 100.5', 'PIX top-up R$100.50'],
    ['PIX to Maria Silva', 'PIX to Maria Silva'],
    ['Wire from ACME Corp', 'Wire from ACME Corp'],
    ['SEPA to Hans Müller', 'SEPA to Hans Müller'],
    ['USDC from Arbitrum via Stargate', 'USDC from Arbitrum via Stargate'],
    ['ETH from Base via ether.fi', 'ETH from Base via ether.fi'],
    ['Bank transfer returned', 'Bank transfer returned'],
    ['Repaid borrowed USDC', 'Repaid borrowed USDC'],
    ['Borrow interest for 2026-11-25 on 12.5 USD', 'Borrow interest for Nov 25, 2026 on $12.50'],
    ['Liquidation: 1250.5 USD of debt repaid from collateral', 'Liquidation: $1,250.50 of debt repaid from collateral'],
    ['Converted 100 USDC for 0.033233333333333334 ETH', 'Converted 100.00 USDC for 0.033233 ETH'],
    ['Staked 1 ETH for 0.95 weETH', 'Staked 1 ETH for 0.95 weETH'],
    ['Deposited 25 USDC in the Liquid USD vault', 'Deposited 25.00 USDC in the Liquid USD vault'],
    ['Withdrew 15.5 USDC from the Liquid USD vault', 'Withdrew 15.50 USDC from the Liquid USD vault'],
    ['Cashback · Café Lisboa', 'Cashback · Café Lisboa'],
    ['Cashback (promotion) · Padaria Real', 'Cashback (promotion) · Padaria Real'],
    ['Cashback (referral)', 'Cashback (referral)'],
    ['Cashback pool funded', 'Cashback pool funded'],
    ['Referral cashback', 'Referral cashback'],
    ['Pinnacle membership reward · 2026-11', 'Pinnacle membership reward · November 2026'],
    ['Physical card fee · Paula Pereira', 'Physical card fee · Paula Pereira'],
    ['Refund from Cash · Double charge', 'Refund from Cash · Double charge'],
    ['Failed recon written off · No merchant', 'Failed recon written off · No merchant'],
    ['Refund · Café Lisboa · Merchant refunded', 'Refund · Café Lisboa · Merchant refunded'],
    ['Refund · card network · Chargeback won', 'Refund · card network · Chargeback won'],
    [
      'Refund · Café Lisboa (net of 1.5 USDC cashback returned)',
      'Refund · Café Lisboa (net of 1.50 USDC cashback returned)',
    ],
    ['Refund · Café Lisboa', 'Refund · Café Lisboa'],
    ['Card purchase · Lisbon Furniture Co. (borrowed)', 'Card purchase · Lisbon Furniture Co. (borrowed)'],
    ['Card · Padaria Real', 'Card · Padaria Real'],
    ['Load test top-up', 'Load test top-up'],
  ]
  it.each(cases)('“%s” becomes a title an English page words as “%s”', async (sentence, shown) => {
    const stored = await read(sentence)
    const title = MovementTitleSchema.parse(stored)
    expect(movementTitleText(title, 'en-US')).toBe(shown)
  })

  it('reads a sentence of no known shape as a note, shown as written', async () => {
    expect(await read('Sandbox adjustment #3')).toEqual({ key: 'note', text: 'Sandbox adjustment #3' })
  })

  it('gives every title it reads a Portuguese wording too', async () => {
    const title = MovementTitleSchema.parse(await read('PIX to Maria Silva'))
    expect(movementTitleText(title, 'pt-BR')).toBe('PIX para Maria Silva')
  })
})

describe('reasons read from the sentences written before (migration 0044)', () => {
  const cases = [
    'Transfers from someone else are limited to $4,000 each; this one was returned to the sender.',
    'Returned by the receiving bank.',
    'The network rejected the transaction.',
    'The bridge could not deliver this transfer.',
    'Cancelled because the borrowing position was liquidated.',
    'Cancelled to pay a card purchase that needed the reserved amount.',
    'Cancelled by Cash support: duplicate request',
    'The source transaction reverted.',
  ]
  it.each(cases)('“%s” becomes a reason an English page words as it was', async (sentence) => {
    const r = MovementReasonSchema.parse(await read(sentence, 'movement_reason_from_text'))
    expect(movementReasonText(r, 'en-US')).toBe(sentence)
  })

  it('reads the transfer cap as data a Portuguese page words its way', async () => {
    const r = MovementReasonSchema.parse(await read(cases[0]!, 'movement_reason_from_text'))
    expect(r).toEqual({ key: 'third_party_cap', cap: '4000000000' })
    expect(movementReasonText(r, 'pt-BR')).toContain('US$\u00a04.000')
  })
})

describe('membership points lines read from the sentences written before (migration 0045)', () => {
  it.each([
    ['weETH held on 2026-11-21 ($1234.5)', 'weETH held on Nov 21, 2026 ($1,234.50)'],
    ['Card · Café Lisboa', 'Card · Café Lisboa'],
    ['Refund · Café Lisboa', 'Refund · Café Lisboa'],
  ])('“%s” becomes a title an English page words as “%s”', async (sentence, shown) => {
    const title = MovementTitleSchema.parse(await read(sentence, 'points_title_from_text'))
    expect(movementTitleText(title, 'en-US')).toBe(shown)
  })
})

describe('a company’s rejection reason without the English sentence around it (migration 0047)', () => {
  it('keeps the reviewer’s words and leaves other reasons as they were', async () => {
    const scratch = await newPglite()
    await scratch.exec(`CREATE TABLE accounts (id integer PRIMARY KEY, kyb_reason text);
      INSERT INTO accounts VALUES (1, 'Beneficial owner Rita Reject: The document is expired'),
        (2, 'The registry does not list this company'), (3, NULL), (4, 'ID document (back) of Mona More')`)
    await scratch.exec(migrationFiles().find((m) => m.version === '0047_owner_rejection_reason')!.sql)
    const { rows } = await scratch.query<{ kyb_reason: string | null }>('SELECT kyb_reason FROM accounts ORDER BY id')
    expect(rows.map((r) => r.kyb_reason)).toEqual([
      'The document is expired',
      'The registry does not list this company',
      null,
      'ID document (back) of Mona More',
    ])
    await scratch.close()
  })
})

describe('a failed recon’s reason read from the sentence written before (migration 0048)', () => {
  // The sentence as stored, and as an English back office shows it now.
  const cases: [string, string][] = [
    ['no matching authorization', 'No authorization matches this network id.'],
    ['refund without a cleared purchase', 'A refund for a purchase that was never cleared.'],
    ['clearing for a reversed authorization', 'A clearing for an authorization that is reversed.'],
    ['clearing for a expired authorization', 'A clearing for an authorization that is expired.'],
    ['cleared 130 against 100 authorized', 'Cleared $130.00 against $100.00 authorized.'],
    ['cleared 12.5 against 8.25 authorized', 'Cleared $12.50 against $8.25 authorized.'],
    ['a reason nobody wrote like this', 'a reason nobody wrote like this'],
  ]
  it.each(cases)('“%s” → “%s”', async (sentence, worded) => {
    const r = MovementReasonSchema.parse(await read(sentence, 'recon_reason_from_text'))
    expect(movementReasonText(r, 'en-US')).toBe(worded)
    expect(movementReasonText(r, 'pt-BR')).not.toBe('')
  })
  it('words a tolerance miss in Portuguese with Brazilian figures', async () => {
    const r = MovementReasonSchema.parse(await read('cleared 1250.5 against 1000 authorized', 'recon_reason_from_text'))
    expect(movementReasonText(r, 'pt-BR').replace(/\s/g, ' ')).toBe(
      'Liquidado US$ 1.250,50 contra US$ 1.000,00 autorizados.',
    )
  })
})
