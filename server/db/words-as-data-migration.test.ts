import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CardStatusReasonSchema, cardStatusReasonText } from '../../domain/card-status-reason'
import { errorText } from '../../domain/error-words'
import { verificationGate } from '../../domain/card-issuing'
import { VerificationReasonSchema, verificationReasonText } from '../../domain/identity'
import { migrationFiles } from './migrate'
import { newPglite } from './fresh-cluster'

/**
 * Migration 0054 reads the English the server wrote into columns a page shows back into data. It runs here on
 * tables holding each sentence shape the server wrote (read from the writers' history), and what it gives must be
 * valid data that an English page words as the sentence said.
 */
let db: PGlite
beforeAll(async () => {
  db = await newPglite()
  await db.exec(`
    CREATE TABLE cards (id integer PRIMARY KEY, status text NOT NULL, status_reason text);
    INSERT INTO cards VALUES
      (1, 'frozen', 'Frozen by you.'), (2, 'cancelled', 'Cancelled by you.'),
      (3, 'frozen', 'Frozen by Cash: Reported stolen by phone'),
      (4, 'cancelled', 'Cancelled by Cash: Fraud: see ticket'),
      (5, 'frozen', ''), (6, 'cancelled', ''), (7, 'frozen', 'Frozen: the cardholder left Acme Labs Ltd'),
      (8, 'active', NULL), (9, 'frozen', 'Something else');
    CREATE TABLE recovery_signers (account_id integer, kind text NOT NULL, label text NOT NULL);
    INSERT INTO recovery_signers VALUES (1, 'platform', 'Cash'), (1, 'third_party', 'Recovery partner (sandbox)'),
      (1, 'holder', 'Your recovery key'), (2, 'holder', 'Ledger Nano');
    CREATE TABLE users (id integer PRIMARY KEY, kyc_status text NOT NULL, kyc_reason text);
    INSERT INTO users VALUES (1, 'more_info_needed', 'ID document (back)'), (2, 'more_info_needed', 'Selfie'),
      (3, 'rejected', 'Passport'), (4, 'rejected', 'The photo is blurry'), (5, 'approved', NULL),
      (6, 'more_info_needed', 'Proof of address of someone');
    CREATE TABLE accounts (id integer PRIMARY KEY, kyb_status text NOT NULL, kyb_reason text);
    INSERT INTO accounts VALUES (1, 'more_info_needed', 'ID document (back) of Mona More'),
      (2, 'more_info_needed', 'Certificate of incorporation'), (3, 'rejected', 'The registry does not list it');`)
  await db.exec(migrationFiles().find((m) => m.version === '0054_words_as_data')!.sql)
})
afterAll(() => db.close())

describe('a card’s status reason read from the sentence written before', () => {
  it('becomes data an English page words as the sentence said, and a Portuguese page in Portuguese', async () => {
    const { rows } = await db.query<{ r: unknown }>('SELECT status_reason AS r FROM cards ORDER BY id')
    const reasons = rows.map((row) => (row.r === null ? null : CardStatusReasonSchema.parse(row.r)))
    expect(reasons.map((r) => r && cardStatusReasonText(r, 'en-US'))).toEqual([
      'Frozen by you.',
      'Cancelled by you.',
      'Frozen by Cash: Reported stolen by phone',
      'Cancelled by Cash: Fraud: see ticket',
      'Frozen by Cash.',
      'Cancelled by Cash.',
      'Frozen: the cardholder left Acme Labs Ltd',
      null,
      'Something else',
    ])
    expect(reasons[2]).toEqual({ key: 'by_cash', status: 'frozen', reason: 'Reported stolen by phone' })
    expect(reasons[6]).toEqual({ key: 'left_company', company: 'Acme Labs Ltd' })
    expect(reasons.map((r) => r && cardStatusReasonText(r, 'pt-BR')).slice(0, 3)).toEqual([
      'Congelado por você.',
      'Cancelado por você.',
      'Congelado pela Cash: Reported stolen by phone',
    ])
  })
})

describe('recovery signers’ names', () => {
  it('drops the English names the server gave and keeps the one the holder chose', async () => {
    const { rows } = await db.query<{ label: string | null }>(
      'SELECT label FROM recovery_signers ORDER BY account_id, kind',
    )
    expect(rows.map((r) => r.label)).toEqual([null, null, null, 'Ledger Nano'])
  })
})

describe('a verification’s reason read from the sentence written before', () => {
  const reasons = async (table: 'users' | 'accounts') => {
    const column = table === 'users' ? 'kyc_reason' : 'kyb_reason'
    const { rows } = await db.query<{ r: unknown }>(`SELECT ${column} AS r FROM ${table} ORDER BY id`)
    return rows.map((row) => (row.r === null ? null : VerificationReasonSchema.parse(row.r)))
  }

  it('reads the document asked for, and whose, and keeps a reviewer’s words as theirs', async () => {
    const people = await reasons('users')
    expect(people).toEqual([
      { key: 'document', document: 'id_back', owner: null },
      { key: 'document', document: 'selfie', owner: null },
      { key: 'note', text: 'Passport' },
      { key: 'note', text: 'The photo is blurry' },
      null,
      { key: 'document', document: 'proof_of_address', owner: 'someone' },
    ])
    const companies = await reasons('accounts')
    expect(companies.map((r) => r && verificationReasonText(r, 'en-US'))).toEqual([
      'ID document (back) of Mona More',
      'Certificate of incorporation',
      'The registry does not list it',
    ])
    expect(companies.map((r) => r && verificationReasonText(r, 'pt-BR')).slice(0, 2)).toEqual([
      'Documento de identidade (verso) de Mona More',
      'Certidão de constituição',
    ])
  })

  it('gives a Portuguese card gate the document’s Portuguese name', async () => {
    const [owner] = await reasons('accounts')
    const gate = verificationGate('corporate', 'more_info_needed', owner)
    expect(errorText(gate.says!, 'pt-BR')).toContain('(Documento de identidade (verso) de Mona More)')
    expect(gate.message).toContain('(ID document (back) of Mona More)')
  })
})
