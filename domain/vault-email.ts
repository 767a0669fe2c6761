/** How long a vault e-mail code works. */
export const VAULT_CODE_MINUTES = 15
/** Wrong tries before a code stops working (a new one must be asked for). */
export const VAULT_CODE_MAX_TRIES = 5
/** Codes a user may ask for in one window, so Cash cannot be used to flood someone's inbox. */
export const VAULT_CODE_REQUESTS_PER_WINDOW = 5
export const VAULT_CODE_WINDOW_MINUTES = 60

/** True for the shape of a code: exactly 6 digits. */
export function isVaultCode(code: string): boolean {
  return /^\d{6}$/.test(code)
}

/** A fresh 6-digit code from a random integer source (passed in, so tests are deterministic). */
export function newVaultCode(randomBelow: (max: number) => number): string {
  return String(randomBelow(1_000_000)).padStart(6, '0')
}
