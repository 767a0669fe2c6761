import type { HeldAsset } from './asset'

/** Account kinds: a person, or a company with people. */
export type AccountKind = 'personal' | 'corporate'
/** Direct Pay spends cash; Borrow borrows USDC against every asset as collateral. */
export type Mode = 'direct_pay' | 'borrow'
/** Roles a user holds on an account. A personal account has one `holder`. */
export type MemberRole = 'holder' | 'owner' | 'admin' | 'member'
/** The roles that send money out of an account: its holder, or a company's owners and admins. */
export const MONEY_SENDERS: readonly MemberRole[] = ['holder', 'owner', 'admin']
/** Whether a role (undefined: no longer a member) sends money out: `maySendMoney('member')` is false. */
export const maySendMoney = (role: MemberRole | undefined): boolean =>
  role !== undefined && MONEY_SENDERS.includes(role)
/** Platform-wide role: staff admins run the back office. */
export type PlatformRole = 'user' | 'admin'

/** Default spending limits in USDC base units (6 decimals), by account kind (PRODUCT.md). */
export const DEFAULT_LIMITS: Record<AccountKind, { daily: bigint; monthly: bigint }> = {
  personal: { daily: 10_000_000000n, monthly: 50_000_000000n },
  corporate: { daily: 50_000_000000n, monthly: 250_000_000000n },
}

/** Collateral parameters in basis points: maximum LTV and liquidation threshold. */
export const COLLATERAL: Record<HeldAsset, { ltvBps: bigint; liquidationBps: bigint }> = {
  USDC: { ltvBps: 9_000n, liquidationBps: 9_500n },
  USDT: { ltvBps: 9_000n, liquidationBps: 9_500n },
  weETH: { ltvBps: 5_500n, liquidationBps: 7_500n },
  ETH: { ltvBps: 5_500n, liquidationBps: 7_500n },
}

/** Borrow APR in basis points, accrued daily. */
export const BORROW_APR_BPS = 400n

/** Seconds before a mode switch takes effect. */
export const MODE_DELAY_SECONDS = 60

/** Seconds before a lowered spending limit takes effect (raising applies at once). */
export const LIMIT_DELAY_SECONDS = 3600

/** A limit change applies at once only if it lowers nothing. */
export function limitChangeIsImmediate(
  current: { daily: bigint; monthly: bigint },
  next: { daily: bigint; monthly: bigint },
): boolean {
  return next.daily >= current.daily && next.monthly >= current.monthly
}

/** True for an IANA time zone this runtime knows (`America/Sao_Paulo`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return zone.length > 0
  } catch {
    return false
  }
}
