import { errorText } from './error-words'
import { type ErrorMessage, say } from './error-message'
import { DomainError } from './errors'
import type { VerificationReason } from './identity'

/** Where a person's or a company's identity check stands (KYC for people, KYB for companies). */
export const VERIFICATION_STATUSES = [
  'not_started',
  'submitted',
  'in_review',
  'approved',
  'rejected',
  'more_info_needed',
] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]

/** Membership tiers (PRODUCT.md "Rewards"): VIP is invite-only, set by an admin. */
export const ACCOUNT_TIERS = ['core', 'luxe', 'pinnacle', 'vip'] as const
export type AccountTier = (typeof ACCOUNT_TIERS)[number]
export const TIER_NAMES: Record<AccountTier, string> = { core: 'Core', luxe: 'Luxe', pinnacle: 'Pinnacle', vip: 'VIP' }
export type CardKind = 'virtual' | 'physical'

/**
 * How many cards that are not cancelled an account may hold, by account kind, tier and card kind. Personal
 * counts are PRODUCT.md's (3/5/10/10 virtual, 1/1/2/2 physical); a company's are for all its people together
 * (PRODUCT.md is silent: our rule).
 */
export const CARD_COUNT_LIMITS: Record<'personal' | 'corporate', Record<AccountTier, Record<CardKind, number>>> = {
  personal: {
    core: { virtual: 3, physical: 1 },
    luxe: { virtual: 5, physical: 1 },
    pinnacle: { virtual: 10, physical: 2 },
    vip: { virtual: 10, physical: 2 },
  },
  corporate: {
    core: { virtual: 100, physical: 25 },
    luxe: { virtual: 250, physical: 50 },
    pinnacle: { virtual: 500, physical: 100 },
    vip: { virtual: 500, physical: 100 },
  },
}

/** The first physical card an account ever orders is free; each further one (a replacement too) costs this, in USDC. */
export const PHYSICAL_CARD_FEE = 10_000_000n

/** Shipping in days after the order: shipped after 1, delivered after 5 (the ETA shown). */
export const SHIPPING_DAYS = { shipped: 1, delivered: 5 } as const

/** What a card order must pass first: who is checked, the status, and where the holder goes to fix it. */
export type VerificationGate = {
  check: 'kyc' | 'kyb'
  status: VerificationStatus
  approved: boolean
  link: string
  message: string | null
  /** The message as data, for a page to word in its language. */
  says: ErrorMessage | null
}

/** What a verification opens: the gate's sentence names it (“…to order cards”, “…to create your safe”). */
export const GATED_ACTIONS = { cards: 'order cards', safe: 'create your safe' } as const
export type GatedAction = keyof typeof GATED_ACTIONS

/**
 * Ordering any card (or creating the safe) needs approved KYC of the holder (personal) or approved KYB of the company
 * (corporate).
 */
export function verificationGate(
  accountKind: 'personal' | 'corporate',
  status: VerificationStatus,
  reason: VerificationReason | null = null,
  purpose: GatedAction = 'cards',
): VerificationGate {
  const check = accountKind === 'corporate' ? 'kyb' : 'kyc'
  const link = `/app/cash/${check}`
  if (status === 'approved') return { check, status, approved: true, link, message: null, says: null }
  const why =
    reason?.key === 'document'
      ? { document: reason.document, ...(reason.owner ? { owner: reason.owner } : {}) }
      : reason?.text
        ? { reason: reason.text }
        : {}
  const says = say('verification_gate', { check, status, purpose, ...why })
  return { check, status, approved: false, link, message: errorText(says, 'en-US'), says }
}

/** Throws `verification_required` unless the gate is open. */
export function assertVerified(gate: VerificationGate): void {
  if (!gate.approved)
    throw new DomainError('verification_required', gate.says ?? undefined, undefined, {
      check: gate.check,
      status: gate.status,
      link: gate.link,
    })
}

/** Refuses a card beyond the tier's count for its kind (cancelled cards do not count). */
export function assertCardCount(
  accountKind: 'personal' | 'corporate',
  tier: AccountTier,
  kind: CardKind,
  current: number,
): void {
  const max = CARD_COUNT_LIMITS[accountKind][tier][kind]
  if (current < max) return
  throw new DomainError('card_limit_reached', say('card_count', { tier: TIER_NAMES[tier], kind, max }), {
    kind: say('card_count_hint', { tier: TIER_NAMES[tier], kind, max }),
  })
}

/** The fee for the next physical card, given how many the account ever ordered. */
export function physicalCardFee(physicalOrderedBefore: number): bigint {
  return physicalOrderedBefore === 0 ? 0n : PHYSICAL_CARD_FEE
}

export type ShippingStatus = 'ordered' | 'shipped' | 'delivered' | 'activated'
/** The next shipping status the carrier reports; activation is the cardholder's own step. */
export function nextShippingStatus(s: ShippingStatus): ShippingStatus | null {
  return s === 'ordered' ? 'shipped' : s === 'shipped' ? 'delivered' : null
}
