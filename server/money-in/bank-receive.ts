import { say } from '../../domain/error-message'
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { providerText } from '../../domain/plain-name'
import { maskAccount } from '../../domain/bank-numbers'
import { DomainError } from '../../domain/errors'
import { BANK_RECEIVE, bankCredit } from '../../domain/money-in'
import { centsToDecimal, parseCents, toDecimal } from '../../domain/money'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { dataKeys } from '../security/data-keys'
import { blindIndex, blindIndexes, openText, sealText } from '../security/field-crypto'
import { creditIncoming } from '../ledger/transfer-service'
import { SANDBOX_FX } from './providers'
import { scheduleWebhook } from '../outbox/provider-outbox'
import { normaliseBankNumber } from '../../domain/bank-numbers'
import { title } from '../../domain/movement-title'
import { reason, storedReason } from '../../domain/movement-reason'

/** The sandbox rails provider's bank: a real ABA routing number (checksum valid) and a German BIC. */
const USD_BANK = { bankName: 'Lead Bank (sandbox)', routingNumber: '101019644' }
const EUR_BANK = { bankName: 'Cash Payments Europe (sandbox)', bic: 'CSHPDEB1XXX', bankCode: '10010010' }

/** ISO 13616 check digits for a German account: mod-97 over BBAN + "DE00" as digits. */
function germanIban(bankCode: string, account: string): string {
  const bban = `${bankCode}${account}`
  const numeric = `${bban}131400`
  const check = 98n - (BigInt(numeric) % 97n)
  return `DE${check.toString().padStart(2, '0')}${bban}`
}

/**
 * The account's virtual USD and EUR details, issued by the provider the first time they are asked for. Stored
 * sealed, with a blind index of each number (server/security/field-crypto.ts) for incoming transfers to be found by.
 */
export async function bankDetails(deps: Deps, db: Tx, accountId: string) {
  const keys = dataKeys(deps.config)
  const account = await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirstOrThrow()
  const stored = () =>
    db.selectFrom('virtual_bank_accounts').selectAll().where('account_id', '=', accountId).executeTakeFirst()
  let row = await stored()
  // Numbers derive from the account's id: the first try from the id alone, then from the id and a counter while
  // the numbers are another account's (the USD number keeps about 1.15e9 values: two accounts in a few tens of
  // thousands share one). Issued once: a concurrent first ask for the same account finds the row it stored.
  for (let attempt = 0; !row; attempt++) {
    if (attempt === 20) throw new Error(`no free virtual bank numbers for account ${accountId}`)
    const seed = attempt === 0 ? `virtual:${accountId}` : `virtual:${accountId}:${attempt}`
    const digits = BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 15)}`)
      .toString()
      .padStart(20, '0')
    const usd = `9${digits.slice(0, 11)}`
    const iban = germanIban(EUR_BANK.bankCode, digits.slice(-10))
    await db
      .insertInto('virtual_bank_accounts')
      .values({
        account_id: accountId,
        usd_account_number: sealText(keys, 'virtual_bank_accounts.usd_account_number', usd),
        usd_account_number_index: blindIndex(
          keys,
          'virtual_bank_accounts.usd_account_number',
          normaliseBankNumber(usd),
        ),
        iban: sealText(keys, 'virtual_bank_accounts.iban', iban),
        iban_index: blindIndex(keys, 'virtual_bank_accounts.iban', normaliseBankNumber(iban)),
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
    row = await stored()
  }
  return {
    beneficiary: account.name,
    usd: {
      bankName: USD_BANK.bankName,
      routingNumber: USD_BANK.routingNumber,
      accountNumber: openText(keys, 'virtual_bank_accounts.usd_account_number', row.usd_account_number),
      rails: ['ach' as const, 'wire' as const],
    },
    eur: {
      bankName: EUR_BANK.bankName,
      iban: openText(keys, 'virtual_bank_accounts.iban', row.iban),
      bic: EUR_BANK.bic,
      rails: ['sepa' as const],
    },
    feeBps: Number(BANK_RECEIVE.feeBps),
    fxFeeBps: Number(BANK_RECEIVE.fxFeeBps),
    thirdPartyCapUsd: toDecimal(BANK_RECEIVE.thirdPartyCapUsdc, 'USDC'),
  }
}

export async function listBankTransfers(db: Tx, accountId: string) {
  const rows = await db
    .selectFrom('bank_transfers_in')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute()
  return {
    items: rows.map((r) => ({
      id: r.id,
      rail: r.rail,
      currency: r.currency,
      amount: centsToDecimal(r.amount_minor),
      senderName: r.sender_name,
      creditUsdc: r.status === 'returned' ? '0' : toDecimal(r.usdc_amount, 'USDC'),
      feeUsdc: toDecimal(r.fee_usdc, 'USDC'),
      status: r.status,
      returnReason: r.return_reason,
      createdAt: r.created_at.toISOString(),
    })),
  }
}

/** Sandbox: a bank transfer arrives at the account's virtual details (USD on ACH or wire, EUR on SEPA). */
export async function sandboxBankTransfer(
  deps: Deps,
  db: Tx,
  input: { accountId: string; rail: 'ach' | 'wire' | 'sepa'; amount: string; senderName: string; thirdParty: boolean },
) {
  const account = await db.selectFrom('accounts').select('id').where('id', '=', input.accountId).executeTakeFirst()
  if (!account) throw new DomainError('not_found', say('no_such_account'), { accountId: say('no_account_id') })
  const details = await bankDetails(deps, db, input.accountId)
  const currency = input.rail === 'sepa' ? 'EUR' : 'USD'
  const amountMinor = parseCents(input.amount)
  const at = deps.now()
  // The numbers wait in the sandbox's outbox sealed, like every stored bank number (they go out in the event).
  const numbers = currency === 'EUR' ? { iban: details.eur.iban } : { accountNumber: details.usd.accountNumber }
  const data = {
    reference: `${input.rail.toUpperCase()}-${deps.newId().slice(0, 8).toUpperCase()}`,
    rail: input.rail,
    currency,
    amountMinor: amountMinor.toString(),
    senderName: input.senderName,
    senderIsHolder: !input.thirdParty,
  }
  return {
    eventId: await scheduleWebhook(
      deps,
      db,
      'bank',
      'transfer.received',
      data,
      at,
      sealText(dataKeys(deps.config), 'jobs.webhook', JSON.stringify(numbers)),
    ),
    deliverAt: at.toISOString(),
  }
}

const Received = z.object({
  reference: z.string().max(60),
  iban: z.string().optional(),
  accountNumber: z.string().optional(),
  rail: z.enum(['ach', 'wire', 'sepa']),
  currency: z.enum(['USD', 'EUR']),
  amountMinor: z.string().regex(/^\d+$/),
  /** The sender as the rails name them, which the holder reads (history, the transfers list): one plain line. */
  senderName: z.string().max(140).pipe(providerText),
  senderIsHolder: z.boolean(),
})

/** What provider_events keeps of a bank event: the numbers masked (an applier reads them from the request itself). */
export const bankEventsAtRest: Record<string, (data: Record<string, unknown>) => Record<string, unknown>> = {
  'transfer.received': (data) => {
    const masked = { ...data }
    for (const field of ['iban', 'accountNumber'] as const)
      if (typeof masked[field] === 'string') masked[field] = maskAccount(masked[field])
    return masked
  },
}

export const bankEvents = {
  /** Money arrived at virtual details: credit it less the fee, or return it when a third party sent over the cap. */
  'transfer.received': async (deps: Deps, db: Tx, raw: unknown) => {
    const e = Received.parse(raw)
    const keys = dataKeys(deps.config)
    // By blind index under every key held: a row not yet re-sealed under the current key is found too.
    const virtual = await db
      .selectFrom('virtual_bank_accounts')
      .select('account_id')
      .where((w) =>
        e.iban
          ? w('iban_index', 'in', blindIndexes(keys, 'virtual_bank_accounts.iban', normaliseBankNumber(e.iban)))
          : w(
              'usd_account_number_index',
              'in',
              blindIndexes(
                keys,
                'virtual_bank_accounts.usd_account_number',
                normaliseBankNumber(e.accountNumber ?? ''),
              ),
            ),
      )
      .executeTakeFirst()
    if (!virtual) throw new DomainError('not_found', say('no_account_bank_details'))
    const amountMinor = BigInt(e.amountMinor)
    // A transfer of nothing is the rails' mistake: refused (a 4xx: the rails stop resending it), nothing recorded.
    if (amountMinor === 0n) throw new DomainError('amount_not_positive')
    const q = bankCredit(amountMinor, e.currency, SANDBOX_FX.eurUsdMicro)
    const overCap = !e.senderIsHolder && q.grossUsdc > BANK_RECEIVE.thirdPartyCapUsdc
    const id = deps.newId()
    // The transfer is recorded before it is credited, once per provider reference: the rails resending it under a
    // new event id (a retry, a redelivery) find it there and credit nothing again. A twin sent at the same time
    // waits on this row until this one commits.
    const recorded = await db
      .insertInto('bank_transfers_in')
      .values({
        id,
        account_id: virtual.account_id,
        provider_reference: e.reference,
        rail: e.rail,
        currency: e.currency,
        amount_minor: amountMinor,
        sender_name: e.senderName,
        third_party: !e.senderIsHolder,
        // A returned transfer keeps what it was worth in USD (history shows it); nothing of it was credited.
        usdc_amount: overCap ? q.grossUsdc : q.creditUsdc,
        fee_usdc: overCap ? 0n : q.feeUsdc,
        status: overCap ? 'returned' : 'credited',
        return_reason: overCap
          ? storedReason(reason('third_party_cap', { cap: String(BANK_RECEIVE.thirdPartyCapUsdc) }))
          : null,
        journal_id: null,
      })
      .onConflict((oc) => oc.column('provider_reference').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!recorded || overCap) return
    const journalId = await creditIncoming(deps, db, {
      accountId: virtual.account_id,
      asset: 'USDC',
      gross: q.grossUsdc,
      fee: q.feeUsdc,
      kind: 'bank_deposit',
      title: title('bank_in', {
        rail: e.currency === 'EUR' ? 'sepa' : e.rail === 'ach' ? 'ach' : 'wire',
        name: e.senderName,
      }),
      reference: e.reference,
    })
    await db.updateTable('bank_transfers_in').set({ journal_id: journalId }).where('id', '=', id).execute()
  },
}
