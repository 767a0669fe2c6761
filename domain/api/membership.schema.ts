import { messageKey } from '../error-message'
import { z } from 'zod'
import { ACCOUNT_TIERS } from '../card-issuing'
import { MovementTitleSchema } from '../movement-title'
import { REFERRAL_CODE_PATTERN } from '../membership'
import { DecimalString, IsoDateTime } from './common.schema'

export const TierSchema = z.enum(ACCOUNT_TIERS)
const EarnedTierSchema = z.enum(['core', 'luxe', 'pinnacle'])

export const TierBenefit = z.object({
  tier: TierSchema,
  name: z.string(),
  /** Points a month needs; null for VIP (by invitation). */
  threshold: z.number().int().nullable(),
  cashbackPercent: z.number(),
  virtualCards: z.number().int(),
  physicalCards: z.number().int(),
  monthlyReward: DecimalString,
})

export const MembershipResponse = z
  .object({
    tier: TierSchema,
    tierName: z.string(),
    /** The UTC calendar month the points are for, `YYYY-MM`. */
    month: z.string(),
    points: z.number().int(),
    next: z
      .object({
        tier: EarnedTierSchema,
        tierName: z.string(),
        threshold: z.number().int(),
        pointsNeeded: z.number().int(),
      })
      .nullable(),
    /** The tier this month's points keep at the next re-qualification. */
    requalifiesTo: TierSchema,
    requalifiesAt: IsoDateTime,
    thresholds: z.object({ core: z.number().int(), luxe: z.number().int(), pinnacle: z.number().int() }),
    benefits: z.array(TierBenefit),
  })
  .meta({ id: 'Membership' })
export type MembershipResponse = z.infer<typeof MembershipResponse>

export const MembershipActivityItem = z.object({
  id: z.uuid(),
  kind: z.enum(['points', 'tier']),
  reason: z.enum([
    'card_spend',
    'card_refund',
    'weeth_holding',
    'upgrade',
    'requalification',
    'vip_set',
    'vip_removed',
  ]),
  points: z.number().int(),
  month: z.string(),
  /** What earned the points (a points line); a tier change has none, its tiers say it. */
  title: MovementTitleSchema.nullable(),
  at: IsoDateTime,
  fromTier: TierSchema.nullable(),
  toTier: TierSchema.nullable(),
})
export const MembershipActivityResponse = z
  .object({ items: z.array(MembershipActivityItem) })
  .meta({ id: 'MembershipActivity' })
export type MembershipActivityResponse = z.infer<typeof MembershipActivityResponse>

export const VipBody = z.object({ vip: z.boolean() }).meta({ id: 'VipBody' })

export const MembershipRewardResponse = z
  .object({
    /** Whether a membership-rewards campaign runs now; when not, nothing can be claimed. */
    running: z.boolean(),
    /** The running campaign, else the next one scheduled, else null. */
    campaign: z.object({ id: z.uuid(), name: z.string(), startsAt: IsoDateTime, endsAt: IsoDateTime }).nullable(),
    month: z.string(),
    tier: TierSchema,
    tierName: z.string(),
    /** This month's reward for the current tier (0 on Core). */
    amount: DecimalString,
    rewards: z.array(z.object({ tier: TierSchema, tierName: z.string(), amount: DecimalString })),
    claimed: z.object({ amount: DecimalString, tier: TierSchema, claimedAt: IsoDateTime }).nullable(),
    nextClaimFrom: IsoDateTime,
    /** The pool cannot pay this reward right now. */
    poolShort: z.boolean(),
  })
  .meta({ id: 'MembershipReward' })
export type MembershipRewardResponse = z.infer<typeof MembershipRewardResponse>

export const SummerMintResponse = z
  .object({
    /** `none`: no summer-mint campaign is running or scheduled. */
    state: z.enum(['upcoming', 'running', 'ended', 'none']),
    campaign: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    startsAt: IsoDateTime.nullable(),
    endsAt: IsoDateTime.nullable(),
    goal: DecimalString,
    spent: DecimalString,
    progressPercent: z.number().int(),
    badge: z.object({ earnedAt: IsoDateTime }).nullable(),
  })
  .meta({ id: 'SummerMint' })
export type SummerMintResponse = z.infer<typeof SummerMintResponse>

export const ReferralLink = z.object({
  code: z.string(),
  url: z.string(),
  createdAt: IsoDateTime,
  expiresAt: IsoDateTime,
})
export const ReferralLinkResponse = z.object({ link: ReferralLink.nullable() }).meta({ id: 'ReferralLink' })
export type ReferralLinkResponse = z.infer<typeof ReferralLinkResponse>

export const ReferralItem = z.object({
  id: z.uuid(),
  /** Masked, like "P•••a S.". */
  name: z.string(),
  state: z.enum(['signed_up', 'earning', 'completed', 'not_eligible']),
  signedUpAt: IsoDateTime,
  qualifiedAt: IsoDateTime.nullable(),
  earningUntil: IsoDateTime.nullable(),
  earned: DecimalString,
  paid: DecimalString,
})
export const ReferralsResponse = z
  .object({ items: z.array(ReferralItem), earned: DecimalString, unpaid: DecimalString })
  .meta({ id: 'Referrals' })
export type ReferralsResponse = z.infer<typeof ReferralsResponse>

export const LeaderboardResponse = z
  .object({
    month: z.string(),
    items: z.array(
      z.object({
        rank: z.number().int(),
        name: z.string(),
        earned: DecimalString,
        referrals: z.number().int(),
        you: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ReferralLeaderboard' })
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>

/** A referral code as typed or carried by a link (`?ref=`); letters are upper-cased. */
export const ReferralCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(REFERRAL_CODE_PATTERN, messageKey('referral_code_format'))
