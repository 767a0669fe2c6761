import { say } from '../../domain/error-message'
import { createHash } from 'node:crypto'
import type { Selectable } from 'kysely'
import { decodeBrCode } from '../../domain/br-code'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import { DomainError } from '../../domain/errors'
import { assertWithinSpendable, PIX_SEND } from '../../domain/money-out'
import { applyBps, parsePositiveAmount, toDecimal } from '../../domain/money'
import { maskPixKey, parsePixKey, type PixKey } from '../../domain/pix-key'
import type { z } from 'zod'
import { loadPosition } from '../accounts/account-service'
import { verifyConfirmation } from '../auth/confirm'
import type { PixPaymentsTable } from '../db/schema'
import type { Deps, Principal } from '../http/route-table'
import { dataKeys } from '../security/data-keys'
import { openText, sealText } from '../security/field-crypto'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { SANDBOX_FX } from '../money-in/providers'
import { title } from '../../domain/movement-title'

const SANDBOX_NAMES = ['Maria Silva', 'João Souza', 'Ana Oliveira', 'Pedro Santos', 'Padaria Pão Quente', 'Carla Lima']

/** The sandbox DICT: who a key belongs to (the real directory answers the holder's name and bank). */
function lookupKey(key: PixKey): { name: string; city: string } {
  const n = createHash('sha256').update(key.value).digest()[0]! % SANDBOX_NAMES.length
  return { name: SANDBOX_NAMES[n]!, city: 'SAO PAULO' }
}

const at =
  (field: string) =>
  (error: unknown): never => {
    if (error instanceof DomainError)
      throw new DomainError(error.code, error.says, {
        [field]: error.fieldMessages ? Object.values(error.fieldMessages)[0]! : error.says,
      })
    throw error
  }

/** Who is paid, from a pasted or scanned BR Code (name, city, maybe the amount) or from a PIX key. */
function resolveDestination(destination: string): {
  key: PixKey | { type: 'code'; value: string }
  name: string
  city: string
  source: 'key' | 'code'
  txid: string | null
  amount: string | null
} {
  const text = destination.trim()
  if (text.startsWith('000201')) {
    let code: ReturnType<typeof decodeBrCode>
    try {
      code = decodeBrCode(text)
    } catch (error) {
      return at('destination')(error)
    }
    const key = code.key ? parsePixKey(code.key) : { type: 'code' as const, value: code.url ?? '' }
    return {
      key,
      name: code.merchantName,
      city: code.merchantCity,
      source: 'code',
      txid: code.txid === '***' ? null : code.txid,
      amount: code.amount ?? null,
    }
  }
  let key: PixKey
  try {
    key = parsePixKey(text)
  } catch (error) {
    return at('destination')(error)
  }
  return { key, ...lookupKey(key), source: 'key', txid: null, amount: null }
}

/**
 * A PIX payment as the holder sees it. A recipient found by key comes from the sandbox directory (any key
 * resolves to a made-up name) on every server but production, so it is marked as such.
 */
export function pixPaymentView(deps: Pick<Deps, 'config'>, p: Selectable<PixPaymentsTable>) {
  const keys = dataKeys(deps.config)
  return {
    id: p.id,
    recipientName: p.recipient_name,
    recipientSandbox: p.source === 'key' && deps.config.CASH_ENV !== 'production',
    recipientCity: p.recipient_city,
    key:
      p.key_type === 'code'
        ? null
        : maskPixKey({
            type: p.key_type as PixKey['type'],
            value: openText(keys, 'pix_payments.key_value', p.key_value),
          }),
    source: p.source,
    brlAmount: toDecimal(p.brl_amount, 'BRL'),
    rate: toDecimal(p.rate_micro_usd, 'USDC'),
    usdcAmount: toDecimal(p.usdc_amount, 'USDC'),
    feeUsdc: toDecimal(p.fee_usdc, 'USDC'),
    totalUsdc: toDecimal(p.usdc_amount + p.fee_usdc, 'USDC'),
    status: p.status,
    endToEndId: p.end_to_end_id,
    expiresAt: p.expires_at.toISOString(),
  }
}

/**
 * Quotes a PIX payment: the recipient (shown before anything is paid), reais to USDC at a rate locked for
 * 10 minutes, the 1 % fee, and a check that the total fits in spendable. A PIX payment is a spend.
 */
export async function quotePixSend(
  deps: Deps,
  db: Tx,
  accountId: string,
  input: { destination: string; brlAmount?: string | undefined },
) {
  const dest = resolveDestination(input.destination)
  const brlText = dest.amount ?? input.brlAmount
  if (!brlText) throw new DomainError('invalid_request', say('enter_reais'), { brlAmount: say('enter_reais') })
  let brl: bigint
  try {
    brl = parsePositiveAmount(brlText.replace(',', '.'), 'BRL')
  } catch (error) {
    return at('brlAmount')(error)
  }
  const usdc = (brl * SANDBOX_FX.brlUsdMicro) / 100n
  const fee = applyBps(usdc, PIX_SEND.feeBps)
  const position = await loadPosition(db, accountId, deps.now(), deps.prices())
  assertWithinSpendable(usdc + fee, position.spendable, 'brlAmount')
  const id = deps.newId()
  const now = deps.now()
  await db
    .insertInto('pix_payments')
    .values({
      id,
      account_id: accountId,
      key_type: dest.key.type,
      key_value: sealText(dataKeys(deps.config), 'pix_payments.key_value', dest.key.value),
      recipient_name: dest.name,
      recipient_city: dest.city,
      source: dest.source,
      txid: dest.txid,
      brl_amount: brl,
      usdc_amount: usdc,
      fee_usdc: fee,
      rate_micro_usd: SANDBOX_FX.brlUsdMicro,
      status: 'quoted',
      expires_at: new Date(now.getTime() + PIX_SEND.lockSeconds * 1000),
      created_at: now,
    })
    .execute()
  return pixPaymentView(
    deps,
    await db.selectFrom('pix_payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  )
}

/** Pays a quoted PIX payment once the holder confirms: checked again, posted as a spend, settled instantly. */
export async function confirmPixSend(
  deps: Deps,
  db: Tx,
  principal: Principal,
  accountId: string,
  paymentId: string,
  confirmation: z.infer<typeof ConfirmationSchema> | undefined,
) {
  await verifyConfirmation(deps, db, principal, confirmation)
  // The account's lock before spendable is read: two payments at once must not both fit in what is left of it
  // (the ledger alone guards the balance, not the spending limits).
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forNoKeyUpdate().executeTakeFirstOrThrow()
  const p = await db
    .selectFrom('pix_payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst()
  if (!p) throw new DomainError('not_found', say('no_such_pix_payment'))
  if (p.status === 'completed') return pixPaymentView(deps, p)
  if (p.expires_at.getTime() <= deps.now().getTime()) throw new DomainError('quote_expired', say('pix_rate_expired'))
  const position = await loadPosition(db, accountId, deps.now(), deps.prices())
  assertWithinSpendable(p.usdc_amount + p.fee_usdc, position.spendable)
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: 'pix_spend',
    accountId,
    title: title('pix_to', { name: p.recipient_name }),
    reference: p.id,
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId, code: 'cash', asset: 'USDC' }),
        side: 'debit',
        amount: p.usdc_amount + p.fee_usdc,
        asset: 'USDC',
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'custody', asset: 'USDC' }),
        side: 'credit',
        amount: p.usdc_amount,
        asset: 'USDC',
      },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'fees', asset: 'USDC' }),
        side: 'credit',
        amount: p.fee_usdc,
        asset: 'USDC',
      },
    ],
  })
  // The sandbox acquirer settles PIX instantly and answers with the end-to-end id of the payment.
  const e2e =
    `E${deps.now().toISOString().replace(/\D/g, '').slice(0, 12)}` +
    `${p.id.replaceAll('-', '').slice(0, 19).toUpperCase()}`
  await db
    .updateTable('pix_payments')
    .set({ status: 'completed', end_to_end_id: e2e, journal_id: journalId, completed_at: deps.now() })
    .where('id', '=', p.id)
    .execute()
  return pixPaymentView(deps, { ...p, status: 'completed', end_to_end_id: e2e, journal_id: journalId })
}

export async function getPixPayment(deps: Pick<Deps, 'config'>, db: Tx, accountId: string, paymentId: string) {
  const p = await db
    .selectFrom('pix_payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!p) throw new DomainError('not_found', say('no_such_pix_payment'))
  return pixPaymentView(deps, p)
}
