/** Wrong passwords in a row, per e-mail, before sign-in for it pauses. */
export const MAX_FAILED_SIGN_INS = 5
/** How long a paused e-mail stays paused, and how long a failure streak is remembered. */
export const LOCKOUT_MINUTES = 15
/**
 * Wrong passwords in a row, per person, given to confirm a money movement or a card's details, before confirming pauses
 * (for LOCKOUT_MINUTES).
 */
export const MAX_FAILED_CONFIRMATIONS = 5
/** Sign-in and sign-up attempts allowed per client address in one window. */
export const AUTH_ATTEMPTS_PER_WINDOW = 30
export const AUTH_WINDOW_MINUTES = 10
/** How long a password reset link works. */
export const PASSWORD_RESET_MINUTES = 30
/**
 * Reset links one e-mail address may ask for per PASSWORD_RESET_WINDOW_MINUTES, counted whether or not an account
 * has the address (so the limit reveals nothing), which keeps anyone from flooding a mailbox.
 */
export const PASSWORD_RESETS_PER_ADDRESS = 3
export const PASSWORD_RESET_WINDOW_MINUTES = 60
/**
 * The least time a reset request takes to answer: an address with an account (a link made and a mail queued) and
 * one without (nothing to do) answer alike, so timing tells nothing either. Well above the work's usual time.
 */
export const PASSWORD_RESET_ANSWER_MS = 250
/** A session's last use is written at most this often, so a signed-in request is not also a write. */
export const SESSION_SEEN_EVERY_MS = 60_000
