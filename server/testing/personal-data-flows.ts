import type { Hono } from 'hono'
import { expect } from 'vitest'
import { ACCOUNT_IDS } from '../../fixtures/personas'
import { signIn } from './test-app'

/** A PNG upload whose body is easy to find in a dump, raw or as hex. */
export const SECRET_SCAN = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IDENTITY-SCAN-BYTES-7f3a9c'),
])
export const US_ACCOUNT_NUMBER = '4417352908'
export const EU_IBAN = 'DE89370400440532013000'
const KYC_BIRTH_DATE = '1987-09-23'
const KYC_STREET = 'Rua Oscar Freire 1431'
const PHONE = '+5511987650123'
const VAULT_EMAIL = 'cofre.paula.7c21@example.com'
const PENDING_VAULT_EMAIL = 'novo.cofre.9d04@example.com'
/** A valid CPF (check digits right), as a PIX key typed with its dots and dash. */
const CPF_KEY = '390.533.447-05'
const CPF_DIGITS = '39053344705'

/** What the flows stored that must appear nowhere in a row or a dump, each as the API answers it. */
export type StoredPersonalData = {
  usdVirtual: string
  eurVirtual: string
  plaintexts: string[]
  /** Sealed in users and vault_email_codes (the outbox keeps the address a mail went to). */
  sealedInProfile: string[]
  documentBytes: Buffer
}

/**
 * Stores every kind of sealed value through the API, as people do: Paula adds a US and an EU bank recipient and
 * views her virtual bank details; Nina uploads her ID and selfie and submits KYC; two bank transfers arrive at
 * Paula's virtual details (USD and EUR) and are credited. Checks on the way that the API answers as it always did.
 */
export async function storePersonalData(
  app: Hono,
  runJobs: () => Promise<unknown>,
  advance: (seconds: number) => void,
): Promise<StoredPersonalData> {
  const account = ACCOUNT_IDS.personal
  const paula = await signIn(app, 'personal', 'web')
  const nina = await signIn(app, 'new', 'web')
  const admin = await signIn(app, 'admin')
  const us = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
    region: 'us',
    name: 'Joe Smith',
    routingNumber: '011000015',
    accountNumber: US_ACCOUNT_NUMBER,
  })
  expect(us.body).toMatchObject({ currency: 'USD', masked: '•••• 2908' })
  const eu = await paula.json('POST', `/accounts/${account}/bank-recipients`, {
    region: 'eu',
    name: 'Hans Müller',
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
  })
  expect(eu.body).toMatchObject({ currency: 'EUR', masked: '•••• 3000' })
  const listed = (await paula.json('GET', `/accounts/${account}/bank-recipients`)).body.items as { masked: string }[]
  expect(listed.map((r) => r.masked).sort()).toEqual(['•••• 2908', '•••• 3000'])

  const details = (await paula.json('GET', `/accounts/${account}/bank-details`)).body
  expect(details.usd.accountNumber).toMatch(/^9\d{11}$/)
  expect(details.eur.iban).toMatch(/^DE\d{20}$/)
  expect((await paula.json('GET', `/accounts/${account}/bank-details`)).body, 'the same details on every view').toEqual(
    details,
  )

  const scan = await nina.json('POST', '/identity/documents', {
    kind: 'id_front',
    fileName: 'id-front.png',
    content: SECRET_SCAN.toString('base64'),
  })
  expect(scan.status, JSON.stringify(scan.body)).toBe(201)
  const back = await nina.json('POST', '/identity/documents', {
    kind: 'id_back',
    fileName: 'id-back.png',
    content: SECRET_SCAN.toString('base64'),
  })
  const selfie = await nina.json('POST', '/identity/documents', {
    kind: 'selfie',
    fileName: 'me.png',
    content: SECRET_SCAN.toString('base64'),
  })
  const address = { line1: KYC_STREET, city: 'São Paulo', region: 'SP', postalCode: '01426-001', country: 'BR' }
  const kyc = await nina.json('POST', '/kyc', {
    legalName: 'Nina Novak',
    birthDate: KYC_BIRTH_DATE,
    address,
    nationality: 'BR',
    idDocument: { type: 'id_card', front: scan.body.id, back: back.body.id },
    selfie: selfie.body.id,
  })
  expect(kyc.status, JSON.stringify(kyc.body)).toBe(201)
  const applications = (await admin.json('GET', '/admin/identity-applications?status=all')).body.items as {
    details: Record<string, unknown>
  }[]
  expect(applications).toContainEqual(
    expect.objectContaining({
      details: expect.objectContaining({
        birthDate: KYC_BIRTH_DATE,
        address: expect.objectContaining({ line1: KYC_STREET }),
      }),
    }),
  )
  expect((await admin.json('GET', `/admin/identity-documents/${scan.body.id}`)).body.content).toBe(
    SECRET_SCAN.toString('base64'),
  )

  // Her phone, a verified vault e-mail and a newer one waiting for its code, and a PIX payment quoted to a CPF.
  const profile = await paula.json('PUT', '/profile', {
    name: 'Paula Pereira',
    language: null,
    phone: '+55 11 98765 0123',
  })
  expect(profile.body).toMatchObject({ phone: PHONE })
  const codeFor = async (to: string) =>
    (
      (await admin.json('GET', `/sandbox/mail?to=${encodeURIComponent(to)}`)).body.items as { subject: string }[]
    )[0]!.subject.match(/(\d{6})$/)![1]!
  await paula.json('POST', '/vault-email', { email: VAULT_EMAIL })
  await paula.json('POST', '/vault-email/verify', { code: await codeFor(VAULT_EMAIL) })
  const vault = await paula.json('POST', '/vault-email', { email: PENDING_VAULT_EMAIL })
  expect(vault.body).toMatchObject({ verified: { email: VAULT_EMAIL }, pending: { email: PENDING_VAULT_EMAIL } })
  const pix = await paula.json('POST', `/accounts/${account}/pix/payments`, { destination: CPF_KEY, brlAmount: '50' })
  expect(pix.status, JSON.stringify(pix.body)).toBe(201)
  expect(pix.body.key).toBe('***.533.447-**')

  expect(await usdc(paula, account)).toBe('2500')
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
  advance(100)
  await runJobs()
  const credited = (
    (await paula.json('GET', `/accounts/${account}/bank-transfers-in`)).body.items as { status: string }[]
  ).map((i) => i.status)
  expect(credited, 'both transfers found the account by its sealed details').toEqual(['credited', 'credited'])
  expect(await usdc(paula, account)).toBe('4570.44') // 2,500 + 998 + 1,072.44

  return {
    usdVirtual: details.usd.accountNumber,
    eurVirtual: details.eur.iban,
    plaintexts: [
      US_ACCOUNT_NUMBER,
      EU_IBAN,
      details.usd.accountNumber,
      details.eur.iban,
      KYC_BIRTH_DATE,
      KYC_STREET,
      SECRET_SCAN.subarray(8).toString('latin1'),
      PHONE,
      CPF_DIGITS,
    ],
    // The mails sent to these keep their address in the outbox, as a mail log does; the profile's columns are sealed.
    sealedInProfile: [VAULT_EMAIL, PENDING_VAULT_EMAIL],
    documentBytes: SECRET_SCAN,
  }
}

const usdc = async (caller: Awaited<ReturnType<typeof signIn>>, account: string) =>
  (
    (await caller.json('GET', `/accounts/${account}/balances`)).body.balances as { asset: string; balance: string }[]
  ).find((b) => b.asset === 'USDC')!.balance
