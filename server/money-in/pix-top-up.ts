import { say } from '../../domain/error-message'
import { sql, type Selectable } from 'kysely'
import { z } from 'zod'
import { encodeBrCode } from '../../domain/br-code'
import { localDays, startOfDay } from '../../domain/calendar'
import { DomainError } from '../../domain/errors'
import { PIX_TOP_UP, pixTopUpQuote } from '../../domain/money-in'
import { parseAmount, toDecimal, toFixedDecimal } from '../../domain/money'
import type { PixChargesTable } from '../db/schema'
import type { Deps } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import type { Tx } from '../db/connect'
import { creditIncoming } from '../ledger/transfer-service'
import { SANDBOX_FX } from './providers'
import { scheduleWebhook } from '../outbox/provider-outbox'
import { title } from '../../domain/movement-title'

/** Reais as typed (`100`, `100,50`, `100.5`) to centavos, with the minimum checked at the field. */
export function parseBrl(input: string): bigint {
  const centavos = parseAmount(input.replace(',', '.'), 'BRL')
  if (centavos < PIX_TOP_UP.minBrl)
    throw new DomainError('pix_amount_min', undefined, { brlAmount: say('pix_amount_min') })
  return centavos
}

export function quotePix(brlAmount: string) {
  const centavos = parseBrl(brlAmount)
  const q = pixTopUpQuote(centavos, SANDBOX_FX.brlUsdMicro)
  return {
    brlAmount: toDecimal(centavos, 'BRL'),
    rate: toDecimal(SANDBOX_FX.brlUsdMicro, 'USDC'),
    grossUsdc: toDecimal(q.grossUsdc, 'USDC'),
    feeUsdc: toDecimal(q.feeUsdc, 'USDC'),
    creditUsdc: toDecimal(q.creditUsdc, 'USDC'),
    lockSeconds: PIX_TOP_UP.lockSeconds,
  }
}

export function chargeView(c: Selectable<PixChargesTable>) {
  return {
    id: c.id,
    txid: c.txid,
    brlAmount: toDecimal(c.brl_amount, 'BRL'),
    creditUsdc: toDecimal(c.usdc_amount, 'USDC'),
    feeUsdc: toDecimal(c.fee_usdc, 'USDC'),
    rate: toDecimal(c.rate_micro_usd, 'USDC'),
    brCode: c.br_code,
    status: c.status,
    expiresAt: c.expires_at.toISOString(),
    paidAt: c.paid_at?.toISOString() ?? null,
  }
}

/**
 * Creates a dynamic PIX charge with the rate locked for 10 minutes: the acquirer's BR Code, valid as long
 * as the rate. Refused past R$ 50.000 of top-ups in the holder's day.
 */
export async function createPixCharge(deps: Deps, db: Tx, accountId: string, brlAmount: string) {
  const centavos = parseBrl(brlAmount)
  const now = deps.now()
  // The account's row locked, as money movements lock it: two charges made at once are counted one after the other
  // against the day's cap, not each against what was there before either.
  const account = await db
    .selectFrom('accounts')
    .select('time_zone')
    .where('id', '=', accountId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow()
  // The holder's day began at its local midnight, or earlier when the time zone changed today: the day the change
  // was made on carries over, until the new zone's day ends (migration 0064).
  const { today: localToday } = localDays(now, account.time_zone)
  const today = await sql<{ total: bigint }>`
    SELECT COALESCE(sum(c.brl_amount), 0) AS total FROM pix_charges c
    WHERE c.account_id = ${accountId} AND c.status <> 'expired' AND c.created_at >= LEAST(
      ${startOfDay(now, account.time_zone)}::timestamptz,
      (SELECT a.limit_day_carried_from FROM accounts a
        WHERE a.id = ${accountId} AND a.limit_day_carried_to >= ${localToday}::date))`.execute(db)
  if ((today.rows[0]?.total ?? 0n) + centavos > PIX_TOP_UP.dailyMaxBrl)
    throw new DomainError('pix_daily_limit', undefined, { brlAmount: say('pix_daily_limit') })
  const q = pixTopUpQuote(centavos, SANDBOX_FX.brlUsdMicro)
  const id = deps.newId()
  const txid = `CASH${id.replaceAll('-', '').slice(0, 21).toUpperCase()}`
  const expiresAt = new Date(now.getTime() + PIX_TOP_UP.lockSeconds * 1000)
  const brCode = encodeBrCode({
    kind: 'dynamic',
    url: `pix.sandbox.cash.invalid/cob/${txid}`,
    amount: toFixedDecimal(centavos, 'BRL'),
    merchantName: 'CASH PAGAMENTOS LTDA',
    merchantCity: 'SAO PAULO',
    txid,
  })
  await db
    .insertInto('pix_charges')
    .values({
      id,
      account_id: accountId,
      txid,
      brl_amount: centavos,
      usdc_amount: q.creditUsdc,
      fee_usdc: q.feeUsdc,
      rate_micro_usd: SANDBOX_FX.brlUsdMicro,
      br_code: brCode,
      status: 'pending',
      expires_at: expiresAt,
      created_at: now,
    })
    .execute()
  await enqueue(db, deps, { kind: 'pix.expire', payload: { chargeId: id }, runAt: expiresAt })
  return chargeView(await db.selectFrom('pix_charges').selectAll().where('id', '=', id).executeTakeFirstOrThrow())
}

export async function getPixCharge(db: Tx, accountId: string, chargeId: string) {
  const c = await db
    .selectFrom('pix_charges')
    .selectAll()
    .where('id', '=', chargeId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!c) throw new DomainError('not_found', say('no_such_pix_charge'))
  return chargeView(c)
}

/** The job that closes a charge nobody paid in time. */
export async function expirePixCharge(db: Tx, chargeId: string, now: Date): Promise<void> {
  await db
    .updateTable('pix_charges')
    .set({ status: 'expired' })
    .where('id', '=', chargeId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute()
}

/** Sandbox: the payer's bank pays the code now. */
export async function sandboxPayPix(deps: Deps, db: Tx, txid: string) {
  const c = await db
    .selectFrom('pix_charges')
    .select(['txid', 'brl_amount'])
    .where('txid', '=', txid)
    .executeTakeFirst()
  if (!c) throw new DomainError('not_found', say('no_pix_charge_txid'))
  const at = deps.now()
  return {
    eventId: await scheduleWebhook(deps, db, 'pix', 'charge.paid', { txid, amountBrl: c.brl_amount.toString() }, at),
    deliverAt: at.toISOString(),
  }
}

const Paid = z.object({ txid: z.string(), amountBrl: z.string().regex(/^\d+$/) })

export const pixEvents = {
  /** The acquirer says the charge was paid: credit the quoted USDC, once, if it was paid in time and in full. */
  'charge.paid': async (deps: Deps, db: Tx, raw: unknown) => {
    const e = Paid.parse(raw)
    const c = await db.selectFrom('pix_charges').selectAll().where('txid', '=', e.txid).forUpdate().executeTakeFirst()
    // Reais that arrived and are not credited are logged for support to send back, whatever the charge's state: one
    // paid after its expiry job ran, a second payment of a charge paid already, one for no charge of ours.
    const notCredited = (reason: string) =>
      deps.log.warn('pix payment not credited', { txid: e.txid, amountBrl: e.amountBrl, reason })
    if (!c) return notCredited('no such charge')
    if (c.status !== 'pending') return notCredited(c.status === 'paid' ? 'paid already' : c.status)
    if (c.expires_at.getTime() < deps.now().getTime()) return notCredited('expired')
    if (BigInt(e.amountBrl) !== c.brl_amount) return notCredited('amount differs')
    const journalId = await creditIncoming(deps, db, {
      accountId: c.account_id,
      asset: 'USDC',
      gross: c.usdc_amount + c.fee_usdc,
      fee: c.fee_usdc,
      kind: 'pix_top_up',
      title: title('pix_top_up', { brl: String(c.brl_amount) }),
      reference: c.txid,
    })
    await db
      .updateTable('pix_charges')
      .set({ status: 'paid', paid_at: deps.now(), journal_id: journalId })
      .where('id', '=', c.id)
      .execute()
  },
}
