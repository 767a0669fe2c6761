import { ErrorMessageSchema, limitKey, messageKey } from '../error-message'
import { z } from 'zod'
import { plainText } from '../plain-name'
import {
  CAMPAIGN_KINDS,
  CASHBACK_CATEGORIES,
  CASHBACK_LINE_STATES,
  CASHBACK_LINE_TYPES,
  MAX_CASHBACK_BPS,
} from '../cashback'
import { DecimalString, IsoDateTime } from './common.schema'

const Bps = z
  .number({ error: messageKey('enter_whole_bps') })
  .int(messageKey('enter_whole_bps'))
  .min(0, messageKey('bps_negative'))
  .max(MAX_CASHBACK_BPS, limitKey('at_most_bps'))
const PositiveAmount = DecimalString.refine((v) => Number(v) > 0, messageKey('enter_amount_above'))
const Category = z.enum(CASHBACK_CATEGORIES, { error: messageKey('choose_merchant_category') })
const TierAmount = DecimalString
export const TierRewards = z.object({ core: TierAmount, luxe: TierAmount, pinnacle: TierAmount, vip: TierAmount })

export const CashbackLineView = z
  .object({
    id: z.uuid(),
    type: z.enum(CASHBACK_LINE_TYPES),
    state: z.enum(CASHBACK_LINE_STATES),
    /** Pending and due, but the cashback pool is short: paid as soon as it is funded. */
    waitingForFunding: z.boolean(),
    amount: DecimalString,
    clawedBack: DecimalString,
    /** What is (or will be) paid: amount − clawed back. */
    net: DecimalString,
    ratePercent: z.string(),
    purchaseAmount: DecimalString,
    merchantName: z.string().nullable(),
    networkId: z.string().nullable(),
    campaignName: z.string().nullable(),
    earnedAt: IsoDateTime,
    payableAt: IsoDateTime,
    paidAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'CashbackLine' })
export type CashbackLineView = z.infer<typeof CashbackLineView>

export const RuleChangeView = z
  .object({
    ruleId: z.uuid(),
    name: z.string(),
    effectiveFrom: IsoDateTime,
    /** A cut lowers or removes cashback; it is announced CASHBACK_CUT_NOTICE_DAYS ahead. */
    cut: z.boolean(),
    removed: z.boolean(),
    beforeBps: z.number().int().nullable(),
    afterBps: z.number().int(),
    category: z.string().nullable(),
    merchantName: z.string().nullable(),
  })
  .meta({ id: 'CashbackRuleChange' })

export const CashbackResponse = z
  .object({
    tierRatePercent: z.string(),
    earned: DecimalString,
    pending: DecimalString,
    paid: DecimalString,
    clawedBack: DecimalString,
    earnedThisMonth: DecimalString,
    monthlyCap: DecimalString,
    pendingDays: z.number().int(),
    lines: z.array(CashbackLineView),
    upcomingChanges: z.array(RuleChangeView),
  })
  .meta({ id: 'Cashback' })
export type CashbackResponse = z.infer<typeof CashbackResponse>

export const RuleBody = z
  .object({
    name: z.string().trim().min(1, messageKey('give_rule_name')).max(80).check(plainText),
    category: Category.nullable().default(null),
    merchantName: z.string().trim().min(1).max(60).check(plainText).nullable().default(null),
    startsAt: IsoDateTime.nullable().default(null),
    endsAt: IsoDateTime.nullable().default(null),
    bps: Bps,
    /** When the version takes effect; now when omitted. A cut must be at least the notice period ahead. */
    effectiveFrom: IsoDateTime.optional(),
  })
  .meta({ id: 'CashbackRuleBody' })
export const RemoveRuleBody = z.object({ effectiveFrom: IsoDateTime.optional() }).meta({ id: 'CashbackRuleRemoveBody' })

export const RuleView = z
  .object({
    ruleId: z.uuid(),
    version: z.number().int(),
    name: z.string(),
    category: z.string().nullable(),
    merchantName: z.string().nullable(),
    startsAt: IsoDateTime.nullable(),
    endsAt: IsoDateTime.nullable(),
    bps: z.number().int(),
    removed: z.boolean(),
    effectiveFrom: IsoDateTime,
    cut: z.boolean(),
    /** The admin who wrote this version (e-mail), when known, and when. */
    createdBy: z.string().nullable(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'CashbackRule' })
export const RulesResponse = z.object({ items: z.array(RuleView) }).meta({ id: 'CashbackRules' })

export const CampaignBody = z
  .object({
    kind: z.enum(CAMPAIGN_KINDS),
    name: z.string().trim().min(1, messageKey('give_campaign_name')).max(80).check(plainText),
    category: Category.nullable().default(null),
    bps: Bps.default(0),
    multiplier: z.number().int().min(2, messageKey('at_least_2x')).max(5, messageKey('at_most_5x')).default(3),
    startsAt: IsoDateTime,
    endsAt: IsoDateTime,
    eligibility: z
      .object({
        kycApproved: z.boolean().default(true),
        activeCard: z.boolean().default(true),
        personalOnly: z.boolean().default(false),
      })
      .default({ kycApproved: true, activeCard: true, personalOnly: false }),
    optInRequired: z.boolean().default(false),
    totalCap: PositiveAmount,
    perHolderCap: PositiveAmount,
    /** Summer-mint: the qualifying spend in the window that mints the badge (USDC). */
    spendGoal: PositiveAmount.nullable().default(null),
    /** Membership-rewards: what each tier may claim once per calendar month (USDC; "0" for none). */
    tierRewards: TierRewards.nullable().default(null),
    /** When promotion cashback is paid; the window's end + 14 days when omitted. Never before the window ends. */
    payoutAt: IsoDateTime.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (new Date(b.endsAt).getTime() <= new Date(b.startsAt).getTime())
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: messageKey('window_must_end_after') })
    if (b.payoutAt && new Date(b.payoutAt).getTime() < new Date(b.endsAt).getTime())
      ctx.addIssue({ code: 'custom', path: ['payoutAt'], message: messageKey('payout_before_window_end') })
    if (b.kind === 'summer_mint' && !b.spendGoal)
      ctx.addIssue({ code: 'custom', path: ['spendGoal'], message: messageKey('summer_mint_needs_goal') })
    if (b.kind === 'membership_rewards' && !b.tierRewards)
      ctx.addIssue({ code: 'custom', path: ['tierRewards'], message: messageKey('enter_reward_each_tier') })
    if (b.kind === 'splashback' && !b.category)
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: messageKey('splashback_needs_category'),
      })
    if (b.kind === 'splashback' && b.bps <= 0)
      ctx.addIssue({ code: 'custom', path: ['bps'], message: messageKey('splashback_needs_bps') })
  })
  .meta({ id: 'CampaignBody' })

export const CampaignView = z
  .object({
    id: z.uuid(),
    kind: z.enum(CAMPAIGN_KINDS),
    name: z.string(),
    category: z.string().nullable(),
    bps: z.number().int(),
    multiplier: z.number().int(),
    startsAt: IsoDateTime,
    endsAt: IsoDateTime,
    eligibility: z.object({ kycApproved: z.boolean(), activeCard: z.boolean(), personalOnly: z.boolean() }),
    optInRequired: z.boolean(),
    totalCap: DecimalString,
    perHolderCap: DecimalString,
    totalEarned: DecimalString,
    /** What of it was already paid out. */
    totalPaid: DecimalString,
    payoutAsset: z.literal('USDC'),
    /** When the campaign's promotion cashback is paid (its payout date, or the window's end + 14 days). */
    payoutAt: IsoDateTime,
    /** Whether the payout date was set by an admin (else the default). */
    payoutAtSet: z.boolean(),
    payoutNote: z.string(),
    spendGoal: DecimalString.nullable(),
    tierRewards: TierRewards.nullable(),
    status: z.enum(['upcoming', 'active', 'ended']),
  })
  .meta({ id: 'Campaign' })
export const CampaignsAdminResponse = z.object({ items: z.array(CampaignView) }).meta({ id: 'CampaignsAdmin' })

export const HolderCampaignView = CampaignView.extend({
  eligible: z.boolean(),
  /** Why the account is not eligible (when it is not), in English. */
  ineligibleReason: z.string().nullable(),
  /** The same reason as data, for the page to word in its language. */
  ineligibleReasonKey: ErrorMessageSchema.nullable(),
  optedIn: z.boolean(),
  earned: DecimalString,
  /** Share of the per-holder cap used, 0–100. */
  progressPercent: z.number(),
}).meta({ id: 'HolderCampaign' })
export const HolderCampaignsResponse = z.object({ items: z.array(HolderCampaignView) }).meta({ id: 'HolderCampaigns' })

export const FundPoolBody = z.object({ amount: PositiveAmount }).meta({ id: 'FundCashbackPool' })
export const PoolResponse = z
  .object({ balance: DecimalString, paidLines: z.number().int() })
  .meta({ id: 'CashbackPool' })
export const PayoutBody = z
  .object({ until: IsoDateTime, networkId: z.string().min(1).max(64).optional() })
  .meta({ id: 'CashbackPayoutBody' })
