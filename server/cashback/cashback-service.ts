import { errorText } from '../../domain/error-words'
import { say } from '../../domain/error-message'
import type { Selectable } from 'kysely'
import { sql } from 'kysely'
import type { z } from 'zod'
import type {
  CampaignBody,
  CampaignView,
  CashbackLineView,
  CashbackResponse,
  HolderCampaignView,
  RuleBody,
} from '../../domain/api/cashback.schema'
import { startOfMonth } from '../../domain/calendar'
import {
  campaignPayoutAt,
  CASHBACK_CAMPAIGN_KINDS,
  CASHBACK_PENDING_DAYS,
  clawback,
  computeCashback,
  earliestEffective,
  isCashbackCut,
  MONTHLY_CASHBACK_CAP,
  payableAt,
  tierRateBps,
  type CampaignInput,
  type CashbackRuleVersion,
} from '../../domain/cashback'
import { DomainError } from '../../domain/errors'
import { parsePositiveAmount, toDecimal } from '../../domain/money'
import type { CardAuthorizationsTable, CashbackCampaignsTable, CashbackRulesTable } from '../db/schema'
import type { Deps } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import { recordAudit } from '../audit/audit'
import { accountBalance, ledgerAccountId, postJournal } from '../ledger/ledger-service'
import type { Tx } from '../db/connect'
import { title } from '../../domain/movement-title'

export const PAY_CASHBACK_JOB = 'cashback.pay'
const usdc = (v: bigint) => toDecimal(v, 'USDC')
const percent = (bps: number) => String(bps / 100)

function ruleVersion(r: Selectable<CashbackRulesTable>): CashbackRuleVersion {
  return {
    ruleId: r.rule_id,
    version: r.version,
    category: r.category,
    merchantName: r.merchant_name,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    bps: r.bps,
    removed: r.removed,
    effectiveFrom: r.effective_from,
  }
}

/** Net cashback (earned − clawed back) by an account, or a campaign, since a time. */
async function netEarned(
  db: Tx,
  where: { accountId?: string; campaignId?: string; since?: Date; excludeReferral?: boolean },
): Promise<bigint> {
  let q = db
    .selectFrom('cashback_lines')
    .select(sql<bigint>`COALESCE(sum(amount - clawed_back), 0)`.as('net'))
    .where('state', '!=', 'cancelled')
  if (where.accountId) q = q.where('account_id', '=', where.accountId)
  if (where.campaignId) q = q.where('campaign_id', '=', where.campaignId)
  if (where.since) q = q.where('created_at', '>=', where.since)
  if (where.excludeReferral) q = q.where('type', '!=', 'referral')
  return BigInt((await q.executeTakeFirstOrThrow()).net)
}

/** Why an account cannot take part in a campaign, or null when it can (opt-in aside). */
type IneligibleKey = 'personal_accounts_only' | 'needs_kyb_approved' | 'needs_kyc_approved' | 'needs_active_card'

export async function campaignIneligibility(
  db: Tx,
  c: Selectable<CashbackCampaignsTable>,
  accountId: string,
): Promise<IneligibleKey | null> {
  const account = await db
    .selectFrom('accounts')
    .select(['kind', 'kyb_status'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  if (c.personal_only && account.kind !== 'personal') return 'personal_accounts_only'
  if (c.requires_kyc) {
    if (account.kind === 'corporate') {
      if (account.kyb_status !== 'approved') return 'needs_kyb_approved'
    } else {
      const holder = await db
        .selectFrom('account_members')
        .innerJoin('users', 'users.id', 'account_members.user_id')
        .select('users.kyc_status')
        .where('account_members.account_id', '=', accountId)
        .where('account_members.role', '=', 'holder')
        .executeTakeFirst()
      if (holder?.kyc_status !== 'approved') return 'needs_kyc_approved'
    }
  }
  if (c.requires_active_card) {
    const card = await db
      .selectFrom('cards')
      .select('id')
      .where('account_id', '=', accountId)
      .where('status', '=', 'active')
      .executeTakeFirst()
    if (!card) return 'needs_active_card'
  }
  return null
}

async function optedIn(db: Tx, campaignId: string, accountId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('campaign_opt_ins')
    .select('campaign_id')
    .where('campaign_id', '=', campaignId)
    .where('account_id', '=', accountId)
    .executeTakeFirst())
}

/**
 * On a cleared purchase: records its cashback lines (pending for the refund window) and schedules their
 * payment. Rules and campaign windows are read at the purchase's authorization time; the amount is the cleared one.
 */
export async function earnCashback(
  deps: Deps,
  db: Tx,
  auth: Selectable<CardAuthorizationsTable>,
  cleared: bigint,
): Promise<void> {
  const now = deps.now()
  const account = await db
    .selectFrom('accounts')
    .select(['kind', 'tier'])
    .where('id', '=', auth.account_id)
    .executeTakeFirstOrThrow()
  const rules = (
    await db.selectFrom('cashback_rules').selectAll().where('effective_from', '<=', auth.created_at).execute()
  ).map(ruleVersion)
  const live = await db
    .selectFrom('cashback_campaigns')
    .selectAll()
    .where('kind', 'in', [...CASHBACK_CAMPAIGN_KINDS])
    .where('starts_at', '<=', auth.created_at)
    .where('ends_at', '>', auth.created_at)
    .orderBy('created_at')
    .execute()
  const campaigns: CampaignInput[] = []
  for (const c of live) {
    if (c.kind !== 'splashback' && c.kind !== 'triple_dip') continue
    const eligible =
      (await campaignIneligibility(db, c, auth.account_id)) === null &&
      (!c.opt_in_required || (await optedIn(db, c.id, auth.account_id)))
    campaigns.push({
      id: c.id,
      kind: c.kind,
      category: c.category,
      bps: c.bps,
      multiplier: c.multiplier,
      startsAt: c.starts_at,
      endsAt: c.ends_at,
      eligible,
      remainingTotal: c.total_cap - (await netEarned(db, { campaignId: c.id })),
      remainingForHolder: c.per_holder_cap - (await netEarned(db, { campaignId: c.id, accountId: auth.account_id })),
    })
  }
  const earnedThisMonth = await netEarned(db, {
    accountId: auth.account_id,
    since: startOfMonth(now, 'UTC'),
    excludeReferral: true,
  })
  const lines = computeCashback({
    amount: cleared,
    mcc: auth.mcc,
    merchantName: auth.merchant_name,
    at: auth.created_at,
    accountKind: account.kind,
    tier: account.tier,
    rules,
    campaigns,
    earnedThisMonth,
  })
  const regularDue = payableAt(now)
  for (const l of lines) {
    const id = deps.newId()
    // Promotion cashback is paid at its campaign's payout date (after the window); regular cashback after the refund
    // window.
    const campaign = l.campaignId ? live.find((c) => c.id === l.campaignId) : undefined
    const due = campaign ? payoutOf(campaign) : regularDue
    await db
      .insertInto('cashback_lines')
      .values({
        id,
        account_id: auth.account_id,
        authorization_id: auth.id,
        type: l.type,
        campaign_id: l.campaignId,
        bps: l.bps,
        purchase_amount: cleared,
        amount: l.amount,
        state: 'pending',
        payable_at: due,
        created_at: now,
      })
      .execute()
    await enqueue(db, deps, { kind: PAY_CASHBACK_JOB, payload: { lineId: id }, runAt: due })
  }
}

/**
 * A refund's clawback: pending lines give up their share (cancelled when nothing is left); paid lines'
 * share is taken from the refund. Answers what the refund keeps back for the pool.
 */
export async function clawbackForRefund(
  db: Tx,
  auth: Selectable<CardAuthorizationsTable>,
  refund: bigint,
): Promise<bigint> {
  const cleared = auth.cleared_amount ?? auth.amount
  const lines = await db
    .selectFrom('cashback_lines')
    .selectAll()
    .where('authorization_id', '=', auth.id)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute()
  const deltas = clawback(
    lines.map((l) => ({ id: l.id, amount: l.amount, clawedBack: l.clawed_back, state: l.state })),
    auth.refunded_amount + refund,
    cleared,
  )
  let fromRefund = 0n
  for (const d of deltas) {
    const line = lines.find((l) => l.id === d.id)!
    await db
      .updateTable('cashback_lines')
      .set({ clawed_back: line.clawed_back + d.delta, ...(d.cancelled ? { state: 'cancelled' } : {}) })
      .where('id', '=', d.id)
      .execute()
    if (d.fromRefund) fromRefund += d.delta
  }
  return fromRefund > refund ? refund : fromRefund
}

async function poolId(deps: Deps, db: Tx) {
  return ledgerAccountId(db, deps.newId, { accountId: null, code: 'cashback_pool', asset: 'USDC' })
}

/** Pays one pending line that is due, if the pool holds enough; answers whether it was paid. */
export async function payLine(deps: Deps, db: Tx, lineId: string, until: Date = deps.now()): Promise<boolean> {
  const line = await db.selectFrom('cashback_lines').selectAll().where('id', '=', lineId).forUpdate().executeTakeFirst()
  if (line?.state !== 'pending' || line.payable_at.getTime() > until.getTime()) return false
  const net = line.amount - line.clawed_back
  if (net <= 0n) {
    await db.updateTable('cashback_lines').set({ state: 'cancelled' }).where('id', '=', line.id).execute()
    return false
  }
  const pool = await poolId(deps, db)
  const poolRow = await db.selectFrom('ledger_accounts').selectAll().where('id', '=', pool).executeTakeFirstOrThrow()
  if (accountBalance(poolRow).available < net) return false // waits for funding
  const auth = line.authorization_id
    ? await db
        .selectFrom('card_authorizations')
        .select(['merchant_name', 'network_id'])
        .where('id', '=', line.authorization_id)
        .executeTakeFirst()
    : undefined
  const journalId = deps.newId()
  await postJournal(db, {
    id: journalId,
    kind: 'cashback',
    accountId: line.account_id,
    title: title('cashback', {
      source: line.type === 'promotion' || line.type === 'referral' ? line.type : 'card',
      ...(auth ? { merchant: auth.merchant_name } : {}),
    }),
    reference: auth?.network_id ?? null,
    entries: [
      { ledgerAccountId: pool, side: 'debit', amount: net, asset: 'USDC' },
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, {
          accountId: line.account_id,
          code: 'cash',
          asset: 'USDC',
        }),
        side: 'credit',
        amount: net,
        asset: 'USDC',
      },
    ],
  })
  await db
    .updateTable('cashback_lines')
    .set({ state: 'paid', paid_at: deps.now(), journal_id: journalId })
    .where('id', '=', line.id)
    .execute()
  return true
}

/**
 * Pays pending lines due by `until`, oldest first, while the pool holds enough (optionally one account or purchase).
 */
export async function payDueCashback(
  deps: Deps,
  db: Tx,
  until: Date,
  scope: { accountId?: string; networkId?: string } = {},
): Promise<number> {
  let q = db
    .selectFrom('cashback_lines')
    .leftJoin('card_authorizations', 'card_authorizations.id', 'cashback_lines.authorization_id')
    .select('cashback_lines.id')
    .where('cashback_lines.state', '=', 'pending')
    .where('cashback_lines.payable_at', '<=', until)
    .orderBy('cashback_lines.payable_at')
    .orderBy('cashback_lines.id')
  if (scope.accountId) q = q.where('cashback_lines.account_id', '=', scope.accountId)
  if (scope.networkId) q = q.where('card_authorizations.network_id', '=', scope.networkId)
  let paid = 0
  for (const { id } of await q.execute()) if (await payLine(deps, db, id, until)) paid++
  return paid
}

/** Funds the cashback pool from custody (admins, sandbox), then pays every line that was waiting for it. */
export async function fundPool(deps: Deps, db: Tx, amountText: string) {
  let amount: bigint
  try {
    amount = parsePositiveAmount(amountText, 'USDC')
  } catch (error) {
    if (error instanceof DomainError) throw error.at('amount')
    throw error
  }
  const pool = await poolId(deps, db)
  await postJournal(db, {
    id: deps.newId(),
    kind: 'cashback_pool_funding',
    accountId: null,
    title: title('cashback_pool_funded', {}),
    entries: [
      {
        ledgerAccountId: await ledgerAccountId(db, deps.newId, { accountId: null, code: 'custody', asset: 'USDC' }),
        side: 'debit',
        amount,
        asset: 'USDC',
      },
      { ledgerAccountId: pool, side: 'credit', amount, asset: 'USDC' },
    ],
  })
  const paidLines = await payDueCashback(deps, db, deps.now())
  return { balance: await poolBalance(deps, db), paidLines }
}

export async function poolBalance(deps: Deps, db: Tx): Promise<string> {
  const row = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('id', '=', await poolId(deps, db))
    .executeTakeFirstOrThrow()
  return usdc(accountBalance(row).balance)
}

/** Changes to rules announced and not yet in force, with what they replace. */
async function upcomingChanges(db: Tx, now: Date) {
  const all = await db.selectFrom('cashback_rules').selectAll().orderBy('rule_id').orderBy('version').execute()
  const out: z.input<typeof import('../../domain/api/cashback.schema').RuleChangeView>[] = []
  for (const r of all) {
    if (r.effective_from.getTime() <= now.getTime()) continue
    const before = all.filter((p) => p.rule_id === r.rule_id && p.version < r.version).at(-1) ?? null
    out.push({
      ruleId: r.rule_id,
      name: r.name,
      effectiveFrom: r.effective_from.toISOString(),
      cut: isCashbackCut(before && ruleVersion(before), ruleVersion(r)),
      removed: r.removed,
      beforeBps: before && !before.removed ? before.bps : null,
      afterBps: r.bps,
      category: r.category,
      merchantName: r.merchant_name,
    })
  }
  return out.sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
}

/** The holder's cashback: totals, each line per purchase with its state and pay date, and announced rule changes. */
export async function cashbackView(deps: Deps, db: Tx, accountId: string): Promise<z.input<typeof CashbackResponse>> {
  const now = deps.now()
  const account = await db
    .selectFrom('accounts')
    .select(['kind', 'tier'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
  const rows = await db
    .selectFrom('cashback_lines')
    .leftJoin('card_authorizations', 'card_authorizations.id', 'cashback_lines.authorization_id')
    .leftJoin('cashback_campaigns', 'cashback_campaigns.id', 'cashback_lines.campaign_id')
    .selectAll('cashback_lines')
    .select([
      'card_authorizations.merchant_name',
      'card_authorizations.network_id',
      'cashback_campaigns.name as campaign_name',
    ])
    .where('cashback_lines.account_id', '=', accountId)
    .orderBy('cashback_lines.created_at', 'desc')
    .orderBy('cashback_lines.type')
    .limit(200)
    .execute()
  const pool = await db
    .selectFrom('ledger_accounts')
    .selectAll()
    .where('code', '=', 'cashback_pool')
    .where('asset', '=', 'USDC')
    .where('account_id', 'is', null)
    .executeTakeFirst()
  const poolAvailable = pool ? accountBalance(pool).available : 0n
  let earned = 0n,
    pending = 0n,
    paid = 0n,
    clawed = 0n
  const lines: CashbackLineView[] = rows.map((l) => {
    const net = l.amount - l.clawed_back
    clawed += l.clawed_back
    if (l.state !== 'cancelled') earned += net
    if (l.state === 'pending') pending += net
    if (l.state === 'paid') paid += net
    return {
      id: l.id,
      type: l.type,
      state: l.state,
      waitingForFunding: l.state === 'pending' && l.payable_at.getTime() <= now.getTime() && poolAvailable < net,
      amount: usdc(l.amount),
      clawedBack: usdc(l.clawed_back),
      net: usdc(net),
      ratePercent: percent(l.bps),
      purchaseAmount: usdc(l.purchase_amount),
      merchantName: l.merchant_name,
      networkId: l.network_id,
      campaignName: l.campaign_name,
      earnedAt: l.created_at.toISOString(),
      payableAt: l.payable_at.toISOString(),
      paidAt: l.paid_at?.toISOString() ?? null,
    }
  })
  return {
    tierRatePercent: percent(tierRateBps(account.kind, account.tier)),
    earned: usdc(earned),
    pending: usdc(pending),
    paid: usdc(paid),
    clawedBack: usdc(clawed),
    earnedThisMonth: usdc(await netEarned(db, { accountId, since: startOfMonth(now, 'UTC'), excludeReferral: true })),
    monthlyCap: usdc(MONTHLY_CASHBACK_CAP),
    pendingDays: CASHBACK_PENDING_DAYS,
    lines,
    upcomingChanges: await upcomingChanges(db, now),
  }
}

// ——— Rules (admins) ———

function ruleView(
  r: Selectable<CashbackRulesTable> & { created_by_email?: string | null },
  before: Selectable<CashbackRulesTable> | null,
) {
  return {
    ruleId: r.rule_id,
    version: r.version,
    name: r.name,
    category: r.category,
    merchantName: r.merchant_name,
    startsAt: r.starts_at?.toISOString() ?? null,
    endsAt: r.ends_at?.toISOString() ?? null,
    bps: r.bps,
    removed: r.removed,
    effectiveFrom: r.effective_from.toISOString(),
    cut: isCashbackCut(before && ruleVersion(before), ruleVersion(r)),
    createdBy: r.created_by_email ?? null,
    createdAt: r.created_at.toISOString(),
  }
}

export async function listRules(db: Tx) {
  const all = await db
    .selectFrom('cashback_rules')
    .leftJoin('users', 'users.id', 'cashback_rules.created_by')
    .selectAll('cashback_rules')
    .select('users.email as created_by_email')
    .orderBy('cashback_rules.created_at')
    .orderBy('rule_id')
    .orderBy('version')
    .execute()
  return {
    items: all.map((r) =>
      ruleView(r, all.filter((p) => p.rule_id === r.rule_id && p.version < r.version).at(-1) ?? null),
    ),
  }
}

type RuleInput = z.output<typeof RuleBody>

/**
 * Writes a rule version (a new rule when `ruleId` is null). A version that lowers or removes cashback must
 * take effect at least CASHBACK_CUT_NOTICE_DAYS after now, so holders see it coming on their cashback page.
 * Audited (`cashback_rule.create|change|remove`) in the same transaction.
 */
export async function saveRule(
  deps: Deps,
  db: Tx,
  adminId: string,
  ruleId: string | null,
  input: RuleInput | { removed: true; effectiveFrom?: string | undefined },
) {
  const now = deps.now()
  const last = ruleId
    ? await db
        .selectFrom('cashback_rules')
        .selectAll()
        .where('rule_id', '=', ruleId)
        .orderBy('version', 'desc')
        .forUpdate()
        .executeTakeFirst()
    : undefined
  if (ruleId && !last) throw new DomainError('not_found', say('no_such_cashback_rule'))
  if (last && last.effective_from.getTime() > now.getTime())
    throw new DomainError('invalid_request', say('rule_change_waiting'), {
      effectiveFrom: say('change_already_scheduled'),
    })
  if (last?.removed) throw new DomainError('invalid_request', say('rule_removed'))
  const next =
    'removed' in input
      ? {
          name: last!.name,
          category: last!.category,
          merchant_name: last!.merchant_name,
          starts_at: last!.starts_at,
          ends_at: last!.ends_at,
          bps: last!.bps,
          removed: true,
        }
      : {
          name: input.name,
          category: input.category,
          merchant_name: input.merchantName,
          starts_at: input.startsAt ? new Date(input.startsAt) : null,
          ends_at: input.endsAt ? new Date(input.endsAt) : null,
          bps: input.bps,
          removed: false,
        }
  if (next.starts_at && next.ends_at && next.ends_at.getTime() <= next.starts_at.getTime())
    throw new DomainError('invalid_request', say('date_range_must_end'), {
      endsAt: say('must_after_start'),
    })
  const effectiveFrom = input.effectiveFrom ? new Date(input.effectiveFrom) : now
  if (effectiveFrom.getTime() < now.getTime() - 1000)
    throw new DomainError('invalid_request', say('change_in_past'), {
      effectiveFrom: say('choose_future_time'),
    })
  const draft = {
    category: next.category,
    merchantName: next.merchant_name,
    startsAt: next.starts_at,
    endsAt: next.ends_at,
    bps: next.bps,
    removed: next.removed,
  }
  const cut = isCashbackCut(last ? ruleVersion(last) : null, draft)
  const earliest = earliestEffective(cut, now)
  if (effectiveFrom.getTime() < earliest.getTime()) {
    const msg = say('cashback_cut_notice', { earliest: earliest.toISOString() })
    throw new DomainError('invalid_request', msg, { effectiveFrom: msg })
  }
  const row = {
    id: deps.newId(),
    rule_id: ruleId ?? deps.newId(),
    version: (last?.version ?? 0) + 1,
    ...next,
    effective_from: effectiveFrom < now ? now : effectiveFrom,
    created_by: adminId,
    created_at: now,
  }
  await db.insertInto('cashback_rules').values(row).execute()
  const saved = await db
    .selectFrom('cashback_rules')
    .leftJoin('users', 'users.id', 'cashback_rules.created_by')
    .selectAll('cashback_rules')
    .select('users.email as created_by_email')
    .where('cashback_rules.id', '=', row.id)
    .executeTakeFirstOrThrow()
  const view = ruleView(saved, last ?? null)
  const action = !last ? 'cashback_rule.create' : next.removed ? 'cashback_rule.remove' : 'cashback_rule.change'
  await recordAudit(deps, db, {
    actorId: adminId,
    action,
    subjectType: 'cashback_rule',
    subjectId: row.rule_id,
    before: last ? ruleView(last, null) : null,
    after: view,
  })
  return view
}

// ——— Campaigns ———

function campaignStatus(c: Selectable<CashbackCampaignsTable>, now: Date): 'upcoming' | 'active' | 'ended' {
  return now < c.starts_at ? 'upcoming' : now < c.ends_at ? 'active' : 'ended'
}

const payoutOf = (c: Selectable<CashbackCampaignsTable>) =>
  campaignPayoutAt({ endsAt: c.ends_at, payoutAt: c.payout_at })

function tierRewardsView(v: Record<string, string> | null) {
  if (!v) return null
  const get = (k: string) => usdc(BigInt(v[k] ?? '0'))
  return { core: get('core'), luxe: get('luxe'), pinnacle: get('pinnacle'), vip: get('vip') }
}

async function paidOut(db: Tx, campaignId: string): Promise<bigint> {
  const row = await db
    .selectFrom('cashback_lines')
    .select(sql<bigint>`COALESCE(sum(amount - clawed_back), 0)`.as('net'))
    .where('campaign_id', '=', campaignId)
    .where('state', '=', 'paid')
    .executeTakeFirstOrThrow()
  return BigInt(row.net)
}

async function campaignView(
  db: Tx,
  c: Selectable<CashbackCampaignsTable>,
  now: Date,
): Promise<z.input<typeof CampaignView>> {
  const payoutAt = payoutOf(c)
  const note =
    c.kind === 'summer_mint'
      ? 'The reward is a collectible badge, kept for good.'
      : c.kind === 'membership_rewards'
        ? 'Claimed by the holder once per month, paid in USDC at the claim.'
        : `Paid in USDC on ${payoutAt.toISOString().slice(0, 10)}, after the window ends.`
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    category: c.category,
    bps: c.bps,
    multiplier: c.multiplier,
    startsAt: c.starts_at.toISOString(),
    endsAt: c.ends_at.toISOString(),
    eligibility: { kycApproved: c.requires_kyc, activeCard: c.requires_active_card, personalOnly: c.personal_only },
    optInRequired: c.opt_in_required,
    totalCap: usdc(c.total_cap),
    perHolderCap: usdc(c.per_holder_cap),
    totalEarned: usdc(await netEarned(db, { campaignId: c.id })),
    totalPaid: usdc(await paidOut(db, c.id)),
    payoutAsset: 'USDC',
    payoutAt: payoutAt.toISOString(),
    payoutAtSet: c.payout_at !== null,
    payoutNote: note,
    spendGoal: c.spend_goal === null ? null : usdc(c.spend_goal),
    tierRewards: tierRewardsView(c.tier_rewards),
    status: campaignStatus(c, now),
  }
}

type CampaignInputBody = z.output<typeof CampaignBody>

/** The row a campaign body writes (money parsed at its field, kind-specific fields only for their kind). */
function campaignRow(b: CampaignInputBody) {
  const amount = (v: string, field: string, positive = true) => {
    try {
      if (!positive && /^0+(\.0+)?$/.test(v)) return 0n
      return parsePositiveAmount(v, 'USDC')
    } catch (error) {
      if (error instanceof DomainError) throw error.at(field)
      throw error
    }
  }
  const tiers =
    b.kind === 'membership_rewards' && b.tierRewards
      ? JSON.stringify(
          Object.fromEntries(
            (['core', 'luxe', 'pinnacle', 'vip'] as const).map((k) => [
              k,
              String(amount(b.tierRewards![k], `tierRewards.${k}`, false)),
            ]),
          ),
        )
      : null
  return {
    kind: b.kind,
    name: b.name,
    category: b.kind === 'splashback' ? b.category : null,
    bps: b.kind === 'splashback' ? b.bps : 0,
    multiplier: b.kind === 'triple_dip' ? b.multiplier : 1,
    starts_at: new Date(b.startsAt),
    ends_at: new Date(b.endsAt),
    requires_kyc: b.eligibility.kycApproved,
    requires_active_card: b.eligibility.activeCard,
    personal_only: b.eligibility.personalOnly,
    opt_in_required: b.optInRequired,
    total_cap: amount(b.totalCap, 'totalCap'),
    per_holder_cap: amount(b.perHolderCap, 'perHolderCap'),
    spend_goal: b.kind === 'summer_mint' && b.spendGoal ? amount(b.spendGoal, 'spendGoal') : null,
    tier_rewards: tiers,
    payout_at: b.payoutAt ? new Date(b.payoutAt) : null,
  }
}

/** Creates a campaign (admins), audited as `campaign.create` in the same transaction. */
export async function createCampaign(deps: Deps, db: Tx, adminId: string, b: CampaignInputBody) {
  const id = deps.newId()
  await db
    .insertInto('cashback_campaigns')
    .values({ id, ...campaignRow(b), created_by: adminId, created_at: deps.now() })
    .execute()
  const view = await campaignView(
    db,
    await db.selectFrom('cashback_campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    deps.now(),
  )
  await recordAudit(deps, db, {
    actorId: adminId,
    action: 'campaign.create',
    subjectType: 'campaign',
    subjectId: id,
    before: null,
    after: view,
  })
  return view
}

/** Edits or reschedules a campaign that has not started yet (admins), audited as `campaign.update`. */
export async function updateCampaign(deps: Deps, db: Tx, adminId: string, id: string, b: CampaignInputBody) {
  const c = await db.selectFrom('cashback_campaigns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
  if (!c) throw new DomainError('not_found', say('no_such_campaign'))
  const now = deps.now()
  if (c.starts_at.getTime() <= now.getTime())
    throw new DomainError('invalid_request', say('campaign_already_started'), {
      startsAt: say('campaign_started_unchangeable'),
    })
  if (new Date(b.startsAt).getTime() < now.getTime() - 1000)
    throw new DomainError('invalid_request', say('campaign_in_past'), {
      startsAt: say('choose_future_time'),
    })
  const before = await campaignView(db, c, now)
  await db.updateTable('cashback_campaigns').set(campaignRow(b)).where('id', '=', id).execute()
  const view = await campaignView(
    db,
    await db.selectFrom('cashback_campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    now,
  )
  await recordAudit(deps, db, {
    actorId: adminId,
    action: 'campaign.update',
    subjectType: 'campaign',
    subjectId: id,
    before,
    after: view,
  })
  return view
}

export async function listCampaigns(deps: Deps, db: Tx) {
  const all = await db.selectFrom('cashback_campaigns').selectAll().orderBy('starts_at', 'desc').execute()
  return { items: await Promise.all(all.map((c) => campaignView(db, c, deps.now()))) }
}

/**
 * Ends a campaign now: purchases from now on no longer earn from it; what was earned stays. Audited as `campaign.end`.
 */
export async function endCampaign(deps: Deps, db: Tx, adminId: string, id: string) {
  const c = await db.selectFrom('cashback_campaigns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
  if (!c) throw new DomainError('not_found', say('no_such_campaign'))
  const now = deps.now()
  const before = await campaignView(db, c, now)
  if (c.ends_at > now) {
    // One not started yet is called off: its window becomes the last millisecond, so it shows as ended and never ran.
    const startsAt = c.starts_at > now ? new Date(now.getTime() - 1) : c.starts_at
    // A payout date set before the new end follows it (the payout is never before the window ends).
    const payoutAt = c.payout_at && c.payout_at < now ? now : c.payout_at
    await db
      .updateTable('cashback_campaigns')
      .set({ starts_at: startsAt, ends_at: now, payout_at: payoutAt })
      .where('id', '=', id)
      .execute()
  }
  const view = await campaignView(
    db,
    await db.selectFrom('cashback_campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    now,
  )
  await recordAudit(deps, db, {
    actorId: adminId,
    action: 'campaign.end',
    subjectType: 'campaign',
    subjectId: id,
    before,
    after: view,
  })
  return view
}

async function holderCampaignView(
  db: Tx,
  c: Selectable<CashbackCampaignsTable>,
  accountId: string,
  now: Date,
): Promise<z.input<typeof HolderCampaignView>> {
  const reason = await campaignIneligibility(db, c, accountId)
  const earned = await netEarned(db, { campaignId: c.id, accountId })
  const progress = c.per_holder_cap > 0n ? Number((earned * 10_000n) / c.per_holder_cap) / 100 : 0
  return {
    ...(await campaignView(db, c, now)),
    eligible: reason === null,
    ineligibleReason: reason && errorText(say(reason), 'en-US'),
    ineligibleReasonKey: reason && say(reason),
    optedIn: await optedIn(db, c.id, accountId),
    earned: usdc(earned),
    progressPercent: Math.min(100, progress),
  }
}

/**
 * Campaigns a holder sees, of every kind (the hub links summer-mint and membership-rewards to their own pages):
 * active and upcoming ones, and ended ones they earned from.
 */
export async function holderCampaigns(deps: Deps, db: Tx, accountId: string) {
  const now = deps.now()
  const all = await db.selectFrom('cashback_campaigns').selectAll().orderBy('ends_at').execute()
  const items = []
  for (const c of all) {
    const view = await holderCampaignView(db, c, accountId, now)
    if (view.status !== 'ended' || view.earned !== '0') items.push(view)
  }
  return { items }
}

export async function optIn(deps: Deps, db: Tx, accountId: string, campaignId: string) {
  const c = await db.selectFrom('cashback_campaigns').selectAll().where('id', '=', campaignId).executeTakeFirst()
  if (!c) throw new DomainError('not_found', say('no_such_campaign'))
  if (campaignStatus(c, deps.now()) === 'ended') throw new DomainError('invalid_request', say('campaign_ended'))
  const reason = await campaignIneligibility(db, c, accountId)
  if (reason) throw new DomainError('invalid_request', say(reason))
  await db
    .insertInto('campaign_opt_ins')
    .values({ campaign_id: campaignId, account_id: accountId, created_at: deps.now() })
    .onConflict((oc) => oc.doNothing())
    .execute()
  return holderCampaignView(db, c, accountId, deps.now())
}
