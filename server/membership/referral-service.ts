import { type ErrorMessage, say } from '../../domain/error-message'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { DomainError } from '../../domain/errors'
import {
  identityKey,
  inReferralWindow,
  maskName,
  monthOf,
  referralCashback,
  referralCode,
  REFERRAL_CODE_PATTERN,
  referralLinkExpiry,
  referralPayoutDue,
  referralState,
  referralWindowEnd,
} from '../../domain/membership'
import { minBig, toDecimal } from '../../domain/money'
import type { Deps } from '../http/route-table'
import { dataKeys } from '../security/data-keys'
import { openText } from '../security/field-crypto'
import { ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import type { ReferralsTable } from '../db/schema'
import type { Selectable } from 'kysely'
import { title } from '../../domain/movement-title'

const codeField = (message: ErrorMessage) => ({ referralCode: message })

/** The caller's link if one is still valid, as an absolute address on `origin` (server/http/public-origin.ts). */
export async function currentLink(deps: Deps, db: Tx, userId: string, origin: string) {
  const link = await db
    .selectFrom('referral_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', deps.now())
    .orderBy('expires_at', 'desc')
    .executeTakeFirst()
  return { link: link ? linkView(link, origin) : null }
}

function linkView(link: { code: string; expires_at: Date; created_at: Date }, origin: string) {
  return {
    code: link.code,
    url: `${origin}/app/cash/sign-up?ref=${link.code}`,
    createdAt: link.created_at.toISOString(),
    expiresAt: link.expires_at.toISOString(),
  }
}

/** A new link valid 90 days; refused while one is still valid. */
export async function createLink(deps: Deps, db: Tx, userId: string, origin: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`referral-link:${userId}`}))`.execute(db)
  if ((await currentLink(deps, db, userId, origin)).link) throw new DomainError('referral_link_active')
  const now = deps.now()
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = referralCode(randomBytes(8))
    const row = await db
      .insertInto('referral_links')
      .values({ id: deps.newId(), user_id: userId, code, expires_at: referralLinkExpiry(now), created_at: now })
      .onConflict((oc) => oc.column('code').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (row) return { link: linkView(row, origin) }
  }
  throw new Error('could not make a unique referral code')
}

/** Checks a code at sign-up (before the user exists): unknown or expired is an error at the code's field. */
export async function resolveReferralCode(deps: Deps, db: Tx, raw: string) {
  const code = raw.trim().toUpperCase()
  const link = REFERRAL_CODE_PATTERN.test(code)
    ? await db.selectFrom('referral_links').selectAll().where('code', '=', code).executeTakeFirst()
    : undefined
  if (!link) throw new DomainError('referral_code_invalid', undefined, codeField(say('no_referral_link_code')))
  if (link.expires_at.getTime() <= deps.now().getTime())
    throw new DomainError('referral_code_expired', undefined, codeField(say('referral_link_expired')))
  return link
}

export async function recordReferral(deps: Deps, db: Tx, link: { id: string; user_id: string }, refereeUserId: string) {
  await db
    .insertInto('referrals')
    .values({
      id: deps.newId(),
      referrer_user_id: link.user_id,
      referee_user_id: refereeUserId,
      link_id: link.id,
      created_at: deps.now(),
    })
    .execute()
}

/**
 * A referral qualifies once the new holder's KYC is approved and they have activated a card: a virtual card is
 * active when issued (its issue time counts), a physical card when the holder activates it (`activated_at`).
 * The qualification time is the later of the two; KYC forced through the sandbox has no decision time, so the
 * moment we notice stands in for it. A referee verified as the referrer's own identity never qualifies
 * (`samePersonRefusal`).
 */
export async function refreshQualification(deps: Deps, db: Tx, refereeUserId: string) {
  const referral = await db
    .selectFrom('referrals')
    .selectAll()
    .where('referee_user_id', '=', refereeUserId)
    .executeTakeFirst()
  if (!referral || referral.qualified_at || referral.ineligible_reason) return referral ?? null
  const user = await db
    .selectFrom('users')
    .select('kyc_status')
    .where('id', '=', refereeUserId)
    .executeTakeFirstOrThrow()
  if (user.kyc_status !== 'approved') return referral
  const cards = await db
    .selectFrom('cards')
    .select(['kind', 'created_at', 'activated_at'])
    .where('cardholder_user_id', '=', refereeUserId)
    .execute()
  const activations = cards
    .map((c) => (c.kind === 'virtual' ? c.created_at : c.activated_at))
    .filter((d): d is Date => d !== null)
    .map((d) => d.getTime())
  if (activations.length === 0) return referral
  const refused = await samePersonRefusal(deps, db, referral)
  if (refused) return refused
  const decided = await latestApprovedKyc(db, refereeUserId)
  const now = deps.now().getTime()
  const kycAt = decided?.decided_at?.getTime() ?? now
  const qualifiedAt = new Date(Math.min(now, Math.max(kycAt, Math.min(...activations))))
  await db.updateTable('referrals').set({ qualified_at: qualifiedAt }).where('id', '=', referral.id).execute()
  return { ...referral, qualified_at: qualifiedAt }
}

type Referral = Selectable<ReferralsTable>

/** A user's latest approved KYC application, if any (KYC forced through the sandbox has none). */
const latestApprovedKyc = (db: Tx, userId: string) =>
  db
    .selectFrom('identity_applications')
    .select(['decided_at', 'details'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'kyc')
    .where('status', '=', 'approved')
    .orderBy('decided_at', 'desc')
    .limit(1)
    .executeTakeFirst()

/** Who a user's latest approved KYC application names (`identityKey`), or null without one (sandbox-forced KYC). */
async function verifiedIdentity(deps: Deps, db: Tx, userId: string): Promise<string | null> {
  const application = await latestApprovedKyc(db, userId)
  if (!application) return null
  const details = JSON.parse(openText(dataKeys(deps.config), 'identity_applications.details', application.details))
  return identityKey(details as { legalName: string; birthDate: string; nationality: string })
}

/**
 * A referral between two verifications of one person earns nothing: when the referee's and the referrer's approved
 * KYC name the same person, the referral is marked `same_person` (its qualification undone if it had one) and what it
 * accrued is taken back as a refund's share is (`clawed_back`: not paid, never paid; paid, kept from the next payout).
 * Answers the referral as marked, or null when the two are not known to be one person. Checked when the referral
 * would qualify and again at each purchase it would earn on, so a referrer verified after the referee is caught too.
 */
async function samePersonRefusal(deps: Deps, db: Tx, referral: Referral): Promise<Referral | null> {
  const referee = await verifiedIdentity(deps, db, referral.referee_user_id)
  if (!referee || referee !== (await verifiedIdentity(deps, db, referral.referrer_user_id))) return null
  const now = deps.now()
  const marked = { ineligible_reason: 'same_person' as const, ineligible_at: now, qualified_at: null }
  await db.updateTable('referrals').set(marked).where('id', '=', referral.id).execute()
  await db
    .updateTable('referral_accruals')
    .set((eb) => ({ clawed_back: eb.ref('amount') }))
    .where('referral_id', '=', referral.id)
    .execute()
  return { ...referral, ...marked }
}

export async function refreshPendingQualifications(deps: Deps) {
  const pending = await deps.db.kysely
    .selectFrom('referrals')
    .select('referee_user_id')
    .where('qualified_at', 'is', null)
    .execute()
  for (const r of pending) await refreshQualification(deps, deps.db.kysely, r.referee_user_id)
}

/** The referrer's 1 % of a referee's qualifying purchase cleared within 30 days after qualification. */
export async function accrueReferral(deps: Deps, db: Tx, auth: { id: string; card_id: string }, amount: bigint) {
  const card = await db
    .selectFrom('cards')
    .select('cardholder_user_id')
    .where('id', '=', auth.card_id)
    .executeTakeFirst()
  if (!card) return
  const referral = await refreshQualification(deps, db, card.cardholder_user_id)
  if (!referral || !inReferralWindow(referral.qualified_at, deps.now())) return
  if (await samePersonRefusal(deps, db, referral)) return
  const earned = referralCashback(amount)
  if (earned <= 0n) return
  await db
    .insertInto('referral_accruals')
    .values({
      id: deps.newId(),
      referral_id: referral.id,
      referrer_user_id: referral.referrer_user_id,
      authorization_id: auth.id,
      month: monthOf(deps.now()),
      amount: earned,
      created_at: deps.now(),
    })
    .onConflict((oc) => oc.column('authorization_id').doNothing())
    .execute()
}

/**
 * A refund of a referee's purchase takes back the referral cashback the purchase earned, in proportion: the accrual
 * keeps 1 % of what of the purchase is left unrefunded. Not paid yet, the rest is not paid; paid already, it is kept
 * from the referrer's next payout (payReferrals). Called before the refund's journal, so a refund and a payout lock the
 * accrual before the cashback pool, in that order both.
 */
export async function clawbackReferral(
  db: Tx,
  auth: { id: string; amount: bigint; cleared_amount: bigint | null; refunded_amount: bigint },
  refund: bigint,
) {
  const accrual = await db
    .selectFrom('referral_accruals')
    .select(['id', 'amount', 'clawed_back'])
    .where('authorization_id', '=', auth.id)
    .forUpdate()
    .executeTakeFirst()
  if (!accrual) return
  const left = (auth.cleared_amount ?? auth.amount) - auth.refunded_amount - refund
  const keeps = minBig(accrual.amount, referralCashback(left))
  const clawed = accrual.amount - keeps
  if (clawed <= accrual.clawed_back) return
  await db.updateTable('referral_accruals').set({ clawed_back: clawed }).where('id', '=', accrual.id).execute()
}

/** The referrer's personal account, where referral cashback is paid. */
async function personalAccount(db: Tx, userId: string) {
  const row = await db
    .selectFrom('account_members')
    .innerJoin('accounts', 'accounts.id', 'account_members.account_id')
    .select('accounts.id')
    .where('account_members.user_id', '=', userId)
    .where('account_members.role', '=', 'holder')
    .where('accounts.kind', '=', 'personal')
    .executeTakeFirst()
  return row?.id ?? null
}

/**
 * Pays each referrer what earlier months accrued and was not paid yet, when the total is above $1 (smaller
 * totals roll over), from the cashback pool to their cash in USDC. A short pool, or a referrer without a
 * personal account, leaves it unpaid for the next run. Two runs at once pay once: each payout locks the accruals
 * it pays and sums them in its own transaction, so the second waits for the first and then finds them paid.
 */
export async function payReferrals(deps: Deps): Promise<number> {
  const month = monthOf(deps.now())
  const totals = await deps.db.kysely
    .selectFrom('referral_accruals')
    .select(['referrer_user_id', sql<string>`sum(amount)`.as('total')])
    .where('payout_id', 'is', null)
    .where('month', '<', month)
    .groupBy('referrer_user_id')
    .execute()
  let paid = 0
  for (const row of totals) {
    if (!referralPayoutDue(BigInt(row.total))) continue
    try {
      await deps.db.kysely.transaction().execute(async (tx) => {
        // Read again under lock: the total read above may have been paid since by a run overlapping this one.
        const unpaid = await tx
          .selectFrom('referral_accruals')
          .select(['id', 'amount', 'clawed_back', 'clawback_settled'])
          .where('referrer_user_id', '=', row.referrer_user_id)
          .where('payout_id', 'is', null)
          .where('month', '<', month)
          .orderBy('id')
          .forUpdate()
          .execute()
        // What refunds took back from accruals paid already is owed: kept from this payout.
        const owed = await tx
          .selectFrom('referral_accruals')
          .select(['id', 'amount', 'clawed_back', 'clawback_settled'])
          .where('referrer_user_id', '=', row.referrer_user_id)
          .where('payout_id', 'is not', null)
          .whereRef('clawed_back', '>', 'clawback_settled')
          .orderBy('id')
          .forUpdate()
          .execute()
        const total =
          unpaid.reduce((sum, a) => sum + a.amount - a.clawed_back, 0n) -
          owed.reduce((sum, a) => sum + a.clawed_back - a.clawback_settled, 0n)
        if (!referralPayoutDue(total)) return
        const accountId = await personalAccount(tx, row.referrer_user_id)
        if (!accountId) return
        const journalId = deps.newId()
        const payoutId = deps.newId()
        await postJournal(tx, {
          id: journalId,
          kind: 'referral_cashback',
          accountId,
          title: title('referral_cashback', {}),
          reference: payoutId,
          entries: [
            {
              ledgerAccountId: await ledgerAccountId(tx, deps.newId, {
                accountId: null,
                code: 'cashback_pool',
                asset: 'USDC',
              }),
              side: 'debit',
              amount: total,
              asset: 'USDC',
            },
            {
              ledgerAccountId: await ledgerAccountId(tx, deps.newId, { accountId, code: 'cash', asset: 'USDC' }),
              side: 'credit',
              amount: total,
              asset: 'USDC',
            },
          ],
        })
        await tx
          .insertInto('referral_payouts')
          .values({
            id: payoutId,
            referrer_user_id: row.referrer_user_id,
            account_id: accountId,
            amount: total,
            journal_id: journalId,
            paid_month: month,
            created_at: deps.now(),
          })
          .execute()
        await tx
          .updateTable('referral_accruals')
          .set({ payout_id: payoutId })
          .where(
            'id',
            'in',
            unpaid.map((a) => a.id),
          )
          .execute()
        await tx
          .updateTable('referral_accruals')
          .set((eb) => ({ clawback_settled: eb.ref('clawed_back') }))
          .where(
            'id',
            'in',
            [...unpaid, ...owed].map((a) => a.id),
          )
          .execute()
        paid += 1
      })
    } catch (error) {
      if (error instanceof DomainError && error.code === 'insufficient_funds')
        deps.log.warn('referral payout waits: cashback pool short', {
          referrer: row.referrer_user_id,
          amount: toDecimal(BigInt(row.total), 'USDC'),
        })
      else throw error
    }
  }
  return paid
}

/** The referrer's referrals: masked name, state, the window, earned and paid. */
export async function referralList(deps: Deps, db: Tx, userId: string) {
  const rows = await db
    .selectFrom('referrals')
    .innerJoin('users', 'users.id', 'referrals.referee_user_id')
    .select([
      'referrals.id',
      'referrals.referee_user_id',
      'referrals.qualified_at',
      'referrals.ineligible_reason',
      'referrals.created_at',
      'users.name',
    ])
    .where('referrals.referrer_user_id', '=', userId)
    .orderBy('referrals.created_at', 'desc')
    .execute()
  const items = []
  for (const r of rows) {
    const refreshed =
      r.qualified_at || r.ineligible_reason ? r : await refreshQualification(deps, db, r.referee_user_id)
    const ineligible = refreshed?.ineligible_reason ?? null
    const qualifiedAt = refreshed?.qualified_at ?? null
    const sums = await db
      .selectFrom('referral_accruals')
      .select([
        sql<string>`COALESCE(sum(amount - clawed_back), 0)`.as('earned'),
        sql<string>`COALESCE(sum(CASE WHEN payout_id IS NULL THEN 0 ELSE amount - clawback_settled END), 0)`.as('paid'),
      ])
      .where('referral_id', '=', r.id)
      .executeTakeFirstOrThrow()
    items.push({
      id: r.id,
      name: maskName(r.name),
      state: referralState(qualifiedAt, deps.now(), ineligible !== null),
      signedUpAt: r.created_at.toISOString(),
      qualifiedAt: qualifiedAt?.toISOString() ?? null,
      earningUntil: qualifiedAt ? referralWindowEnd(qualifiedAt).toISOString() : null,
      earned: toDecimal(BigInt(sums.earned), 'USDC'),
      paid: toDecimal(BigInt(sums.paid), 'USDC'),
    })
  }
  const totals = await db
    .selectFrom('referral_accruals')
    .select([
      sql<string>`COALESCE(sum(amount - clawed_back), 0)`.as('earned'),
      // Less what refunds took back from accruals paid already (kept from the next payout); never below nothing.
      sql<string>`GREATEST(COALESCE(sum(CASE WHEN payout_id IS NULL THEN amount - clawed_back
        ELSE clawback_settled - clawed_back END), 0), 0)`.as('unpaid'),
    ])
    .where('referrer_user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return { items, earned: toDecimal(BigInt(totals.earned), 'USDC'), unpaid: toDecimal(BigInt(totals.unpaid), 'USDC') }
}

/** Referrers ranked by referral cashback earned this calendar month (UTC), names masked; the caller's row marked. */
export async function leaderboard(deps: Deps, db: Tx, userId: string) {
  const month = monthOf(deps.now())
  const rows = await db
    .selectFrom('referral_accruals')
    .innerJoin('users', 'users.id', 'referral_accruals.referrer_user_id')
    .select([
      'referral_accruals.referrer_user_id',
      'users.name',
      sql<string>`sum(referral_accruals.amount - referral_accruals.clawed_back)`.as('earned'),
      sql<string>`count(DISTINCT referral_accruals.referral_id)`.as('referrals'),
    ])
    .where('referral_accruals.month', '=', month)
    .groupBy(['referral_accruals.referrer_user_id', 'users.name'])
    // A referrer whose month was all taken back (refunds, a referral to themselves) earned nothing to rank.
    .having(sql<boolean>`sum(referral_accruals.amount - referral_accruals.clawed_back) > 0`)
    .orderBy(sql`sum(referral_accruals.amount - referral_accruals.clawed_back)`, 'desc')
    .orderBy('referral_accruals.referrer_user_id')
    .limit(20)
    .execute()
  return {
    month,
    items: rows.map((r, i) => ({
      rank: i + 1,
      name: maskName(r.name),
      earned: toDecimal(BigInt(r.earned), 'USDC'),
      referrals: Number(r.referrals),
      you: r.referrer_user_id === userId,
    })),
  }
}
