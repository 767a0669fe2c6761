import { sha256, stringToBytes } from 'viem'

/** The flags the product reads, with what each does and its value until an admin changes it. */
export const FEATURE_FLAGS = {
  signups: {
    description: 'Sign-ups are open (closed: sign-up leads to the waitlist; invitations still work).',
    enabled: true,
    rolloutPercent: 100,
  },
  pix_shortcuts: { description: 'PIX shortcuts (send and top up) on home.', enabled: true, rolloutPercent: 100 },
} as const satisfies Record<string, { description: string; enabled: boolean; rolloutPercent: number }>
export type FeatureFlagKey = keyof typeof FEATURE_FLAGS
export const FEATURE_FLAG_KEYS = Object.keys(FEATURE_FLAGS) as FeatureFlagKey[]

export type FlagState = { enabled: boolean; rolloutPercent: number }

/**
 * A person's stable bucket 0..99 for a flag: the first 4 bytes of SHA-256 of `key:userId`, mod 100.
 * The same person stays in the same bucket, so raising a rollout only ever adds people.
 */
export function flagBucket(key: string, userId: string): number {
  const hex = sha256(stringToBytes(`${key}:${userId}`))
  return Number.parseInt(hex.slice(2, 10), 16) % 100
}

/**
 * Whether a flag is on for someone: their override wins; else a disabled flag is off; else it is on when
 * their bucket is below the rollout. Without a person (anonymous), only a flag on for everyone is on.
 */
export function evaluateFlag(key: string, state: FlagState, userId: string | null, override?: boolean | null): boolean {
  if (userId !== null && override !== undefined && override !== null) return override
  if (!state.enabled) return false
  if (userId === null) return state.rolloutPercent >= 100
  return flagBucket(key, userId) < state.rolloutPercent
}
