import { say } from '../../domain/error-message'
import type { Selectable } from 'kysely'
import { z } from 'zod'
import { providerText } from '../../domain/plain-name'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import { maskAccount, parseBic, parseIban, parseRoutingNumber, parseUsAccountNumber } from '../../domain/bank-numbers'
import { DomainError } from '../../domain/errors'
import { assertWithinSpendable, BANK_SEND, parseBankSendAmount } from '../../domain/money-out'
import { applyBps, centsToDecimal, toDecimal } from '../../domain/money'
import { loadPosition } from '../accounts/account-service'
import { verifyConfirmation } from '../auth/confirm'
import type { BankRecipientsTable, BankSendsTable } from '../db/schema'
import type { Deps, Principal } from '../http/route-table'
import { dataKeys } from '../security/data-keys'
import { openText, sealText, type KeyRing } from '../security/field-crypto'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { SANDBOX_FX } from '../money-in/providers'
import { scheduleWebhook } from '../outbox/provider-outbox'
import { returnOutgoing } from '../ledger/transfer-service'
import { title } from '../../domain/movement-title'
import { reason, storedReason } from '../../domain/movement-reason'

type RecipientInput =
  | { region: 'us'; name: string; routingNumber: string; accountNumber: string }
  | { region: 'eu'; name: string; iban: string; bic?: string | undefined }

/** A recipient as the holder sees it: the number masked (opened only to mask it). */
export function recipientView(keys: KeyRing, r: Selectable<BankRecipientsTable>) {
  const number =
    r.region === 'us'
      ? openText(keys, 'bank_recipients.account_number', r.account_number!)
      : openText(keys, 'bank_recipients.iban', r.iban!)
  return {
    id: r.id,
    region: r.region,
    name: r.name,
    currency: r.region === 'us' ? ('USD' as const) : ('EUR' as const),
    masked: maskAccount(number),
    bic: r.bic,
    source: r.source,
    institution: r.institution,
  }
}

/** Saves a recipient typed in by hand, every number checked (routing checksum, IBAN mod-97, BIC shape). */
export async function addRecipient(deps: Deps, db: Tx, accountId: string, input: RecipientInput) {
  const id = deps.newId()
  const keys = dataKeys(deps.config)
  const values =
    input.region === 'us'
      ? {
          routing_number: parseRoutingNumber(input.routingNumber),
          account_number: sealText(keys, 'bank_recipients.account_number', parseUsAccountNumber(input.accountNumber)),
          iban: null,
          bic: null,
        }
      : {
          routing_number: null,
          account_number: null,
          iban: sealText(keys, 'bank_recipients.iban', parseIban(input.iban)),
          bic: input.bic ? parseBic(input.bic) : null,
        }
  await db
    .insertInto('bank_recipients')
    .values({
      id,
      account_id: accountId,
      region: input.region,
      name: input.name,
      source: 'manual',
      institution: null,
      ...values,
    })
    .execute()
  return recipientView(
    keys,
    await db.selectFrom('bank_recipients').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  )
}

export async function listRecipients(deps: Deps, db: Tx, accountId: string) {
  const rows = await db
    .selectFrom('bank_recipients')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute()
  const keys = dataKeys(deps.config)
  return { items: rows.map((r) => recipientView(keys, r)) }
}

async function recipientOf(db: Tx, accountId: string, recipientId: string) {
  const r = await db
    .selectFrom('bank_recipients')
    .selectAll()
    .where('id', '=', recipientId)
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .executeTakeFirst()
  if (!r)
    throw new DomainError('not_found', say('no_such_recipient_account'), {
      recipientId: say('choose_saved_recipient'),
    })
  return r
}

/** Amount in USDC, the 0.2 % fee on top, and what the recipient gets in their currency. */
function price(amountText: string, region: 'us' | 'eu') {
  const amount = parseBankSendAmount(amountText)
  const fee = applyBps(amount, BANK_SEND.feeBps)
  const currency = region === 'us' ? ('USD' as const) : ('EUR' as const)
  const fiatMinor = currency === 'USD' ? amount / 10_000n : (amount * 100n) / SANDBOX_FX.eurUsdMicro
  return { amount, fee, total: amount + fee, currency, fiatMinor }
}

export async function quoteBankSend(
  deps: Deps,
  db: Tx,
  accountId: string,
  input: { recipientId: string; amount: string },
) {
  const r = await recipientOf(db, accountId, input.recipientId)
  const p = price(input.amount, r.region)
  assertWithinSpendable(p.total, (await loadPosition(db, accountId, deps.now(), deps.prices())).spendable)
  return {
    amount: toDecimal(p.amount, 'USDC'),
    fee: toDecimal(p.fee, 'USDC'),
    total: toDecimal(p.total, 'USDC'),
    currency: p.currency,
    recipientGets: centsToDecimal(p.fiatMinor),
    etaSeconds: BANK_SEND.etaSeconds[p.currency],
  }
}

function sendView(keys: KeyRing, s: Selectable<BankSendsTable>, r: Selectable<BankRecipientsTable>) {
  return {
    id: s.id,
    recipient: recipientView(keys, r),
    currency: s.currency,
    amount: toDecimal(s.amount_usdc, 'USDC'),
    fee: toDecimal(s.fee_usdc, 'USDC'),
    total: toDecimal(s.amount_usdc + s.fee_usdc, 'USDC'),
    recipientGets: centsToDecimal(s.fiat_amount_minor),
    status: s.status,
    returnReason: s.return_reason,
    etaAt: s.eta_at.toISOString(),
    createdAt: s.created_at.toISOString(),
  }
}

/** Sends USDC out as USD (ACH) or EUR (SEPA): confirmed, checked, posted at once; the rails settle or return it. */
export async function sendToBank(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  input: { recipientId: string; amount: string; confirmation?: z.infer<typeof ConfirmationSchema> | undefined },
) {
  await verifyConfirmation(deps, db, principal, input.confirmation)
  // The account's lock before spendable is read: two sends at once must not both fit in what is left of it.
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().executeTakeFirstOrThrow()
  const r = await recipientOf(db, accountId, input.recipientId)
  const p = price(input.amount, r.region)
  assertWithinSpendable(p.total, (await loadPosition(db, accountId, deps.now(), deps.prices())).spendable)
  const id = deps.newId()
  const journalId = deps.newId()
  const now = deps.now()
  await postJournal(db, {
    id: journalId,
    kind: 'bank_send',
    accountId,
    title: title('bank_out', { rail: p.currency === 'USD' ? 'ach' : 'sepa', name: r.name }),
    reference: id,
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset: 'USDC' }),
        side: 'debit',
        amount: p.total,
        asset: 'USDC',
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'custody', asset: 'USDC' }),
        side: 'credit',
        amount: p.amount,
        asset: 'USDC',
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'fees', asset: 'USDC' }),
        side: 'credit',
        amount: p.fee,
        asset: 'USDC',
      },
    ],
  })
  await db
    .insertInto('bank_sends')
    .values({
      id,
      account_id: accountId,
      recipient_id: r.id,
      currency: p.currency,
      amount_usdc: p.amount,
      fee_usdc: p.fee,
      fiat_amount_minor: p.fiatMinor,
      status: 'processing',
      eta_at: new Date(now.getTime() + BANK_SEND.etaSeconds[p.currency] * 1000),
      journal_id: journalId,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await scheduleWebhook(
    deps,
    db,
    'bank',
    'payout.completed',
    { sendId: id },
    new Date(now.getTime() + deps.config.SANDBOX_BLOCK_MS * 16),
  )
  return sendView(
    dataKeys(deps.config),
    await db.selectFrom('bank_sends').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    r,
  )
}

export async function listBankSends(deps: Deps, db: Tx, accountId: string) {
  const rows = await db
    .selectFrom('bank_sends')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute()
  const recipients = new Map(
    (await db.selectFrom('bank_recipients').selectAll().where('account_id', '=', accountId).execute()).map((r) => [
      r.id,
      r,
    ]),
  )
  const keys = dataKeys(deps.config)
  return { items: rows.map((s) => sendView(keys, s, recipients.get(s.recipient_id)!)) }
}

/** Sandbox: the recipient's bank returns the payout (wrong account, closed): the money comes back. */
export async function sandboxReturnBankSend(deps: Deps, db: Tx, sendId: string, reason: string | undefined) {
  const at = deps.now()
  return {
    eventId: await scheduleWebhook(
      deps,
      db,
      'bank',
      'payout.returned',
      { sendId, reason: reason ?? 'The receiving bank returned the payment: account closed.' },
      at,
    ),
    deliverAt: at.toISOString(),
  }
}

/** A payout event; a return's reason, in the bank's words, is what the holder reads: one line. */
const Payout = z.object({ sendId: z.uuid(), reason: providerText.optional() })

export const bankSendEvents = {
  'payout.completed': async (deps: Deps, db: Tx, raw: unknown) => {
    const e = Payout.parse(raw)
    await db
      .updateTable('bank_sends')
      .set({ status: 'completed', updated_at: deps.now() })
      .where('id', '=', e.sendId)
      .where('status', '=', 'processing')
      .execute()
  },
  /** A returned payout gives back the amount and the fee. */
  'payout.returned': async (deps: Deps, db: Tx, raw: unknown) => {
    const e = Payout.parse(raw)
    const s = await db.selectFrom('bank_sends').selectAll().where('id', '=', e.sendId).forUpdate().executeTakeFirst()
    if (!s || s.status === 'returned') return
    await returnOutgoing(deps, db, {
      accountId: s.account_id,
      asset: 'USDC',
      amount: s.amount_usdc,
      fee: s.fee_usdc,
      kind: 'bank_send_returned',
      title: title('bank_returned', {}),
      reference: s.id,
    })
    await db
      .updateTable('bank_sends')
      .set({
        status: 'returned',
        return_reason: storedReason(e.reason ? reason('note', { text: e.reason }) : reason('bank_returned', {})),
        updated_at: deps.now(),
      })
      .where('id', '=', s.id)
      .execute()
  },
}
