/** Wrong passwords in a row, per e-mail, before sign-in for it pauses. */
export const MAX_FAILED_SIGN_INS = 5
/** How long a paused e-mail stays paused, and how long a failure streak is remembered. */
export const LOCKOUT_MINUTES = 15
/** Wrong passwords in a row, per person, given to confirm a money movement or a card's details, before confirming pauses (for LOCKOUT_MINUTES). */
export const MAX_FAILED_CONFIRMATIONS = 5
/** Sign-in and sign-up attempts allowed per client address in one window. */
export const AUTH_ATTEMPTS_PER_WINDOW = 30
export const AUTH_WINDOW_MINUTES = 10
