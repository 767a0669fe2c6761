import type { ErrorMessage, FieldMessages } from './error-message'
import { errorText, fieldTexts } from './error-words'

/**
 * The one catalogue of error codes. The server answers `{ error: { code, message, fields? } }` with these;
 * the page shows the message where it belongs. Codes are stable: add, never rename.
 */
export const ERRORS = {
  invalid_request: { status: 400, message: 'Some details are missing or not valid.' },
  amount_invalid: { status: 400, message: 'Enter an amount like 12.50.' },
  amount_precision: { status: 400, message: 'That amount has more decimal places than the asset allows.' },
  amount_not_positive: { status: 400, message: 'The amount must be more than zero.' },
  address_invalid: { status: 400, message: 'An address is 0x followed by 40 hexadecimal characters.' },
  address_checksum: {
    status: 400,
    message: 'This address has mixed case that does not match its checksum. Check it was copied correctly.',
  },
  asset_unknown: { status: 400, message: 'This asset is not supported.' },
  idempotency_key_required: { status: 400, message: 'This request needs an Idempotency-Key header.' },
  idempotency_key_reused: { status: 422, message: 'This Idempotency-Key was already used for a different request.' },
  idempotency_in_progress: {
    status: 409,
    message: 'The same request is still being processed. Try again in a moment.',
  },
  unauthenticated: { status: 401, message: 'Sign in to continue.' },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  csrf_failed: { status: 403, message: 'This request did not come from the Cash app. Reload the page and try again.' },
  not_found: { status: 404, message: 'Not found.' },
  sandbox_disabled: { status: 403, message: 'The sandbox control API is off in production mode.' },
  provider_unavailable: {
    status: 503,
    message: 'This service is not connected on this server yet. Nothing was sent, received or charged.',
  },
  invalid_credentials: { status: 401, message: 'That e-mail and password do not match an account.' },
  account_locked: {
    status: 429,
    message: 'Too many wrong passwords. Sign-in for this e-mail is paused for 15 minutes.',
  },
  rate_limited: { status: 429, message: 'Too many attempts from this device. Wait a few minutes and try again.' },
  email_taken: { status: 409, message: 'An account with this e-mail already exists. Sign in instead.' },
  password_weak: { status: 400, message: 'Use at least 10 characters for your password.' },
  reset_link_not_found: {
    status: 404,
    message: 'This password reset link is not valid. Open the whole link from the latest e-mail, or ask for a new one.',
  },
  reset_link_expired: {
    status: 410,
    message: 'This password reset link has expired (a link works for 30 minutes). Ask for a new one.',
  },
  reset_link_used: {
    status: 410,
    message: 'This password reset link was already used. Sign in with your new password, or ask for a new link.',
  },
  reset_link_replaced: {
    status: 410,
    message:
      'A newer password reset link was sent after this one. Use the link in the latest e-mail, or ask for a new one.',
  },
  reset_rate_limited: {
    status: 429,
    message:
      'Too many reset links were asked for this address. Use the link in the latest e-mail, or try again in an hour.',
  },
  session_not_found: { status: 404, message: 'This device is already signed out.' },
  signups_closed: { status: 403, message: 'Sign-ups are closed right now. Join the waitlist.' },
  insufficient_funds: { status: 422, message: 'Not enough balance for this.' },
  unbalanced_journal: { status: 500, message: 'A ledger journal did not balance and was refused.' },
  hold_not_pending: { status: 409, message: 'This hold is no longer pending.' },
  hold_overcapture: { status: 422, message: 'The amount to post is more than the hold allows.' },
  authorization_timed_out: {
    status: 409,
    message: 'The card network stopped waiting for this decision and declined the purchase; nothing was held.',
  },
  pix_code_invalid: {
    status: 400,
    message: 'This is not a PIX code. Copy the whole "Pix Copia e Cola" code and try again.',
  },
  pix_code_checksum: { status: 400, message: 'This PIX code is damaged (its checksum does not match). Copy it again.' },
  pix_amount_min: { status: 400, message: 'The smallest PIX top-up is R$ 10,00.' },
  pix_daily_limit: { status: 422, message: 'PIX top-ups are limited to R$ 50.000,00 a day.' },
  pix_charge_expired: { status: 409, message: 'This PIX code has expired. Create a new one.' },
  webhook_signature: { status: 401, message: 'The webhook signature does not match.' },
  webhook_timestamp: { status: 400, message: 'The webhook timestamp is outside the replay window.' },
  bridge_unsupported: { status: 400, message: 'This bridge does not carry that token from that chain.' },
  account_without_safe: {
    status: 409,
    message: 'This account has no safe yet. Finish setup to get a deposit address.',
  },
  routing_number_invalid: { status: 400, message: 'A routing number is 9 digits.' },
  routing_number_checksum: {
    status: 400,
    message: 'This routing number’s check digit is wrong. Check it with your bank.',
  },
  account_number_invalid: { status: 400, message: 'An account number is 4 to 17 digits.' },
  iban_invalid: { status: 400, message: 'This is not an IBAN.' },
  iban_country: { status: 400, message: 'Transfers to this country are not supported (SEPA countries only).' },
  iban_length: { status: 400, message: 'This IBAN has the wrong length for its country.' },
  iban_checksum: { status: 400, message: 'This IBAN’s check digits do not match.' },
  bic_invalid: { status: 400, message: 'A BIC is 8 or 11 characters.' },
  pix_key_cpf: { status: 400, message: 'This CPF’s check digits do not match.' },
  pix_key_cnpj: { status: 400, message: 'This CNPJ’s check digits do not match.' },
  pix_key_email: { status: 400, message: 'This e-mail key is not valid.' },
  pix_key_phone: { status: 400, message: 'A phone key is +55 with area code and number.' },
  pix_key_invalid: { status: 400, message: 'This is not a PIX key or code.' },
  insufficient_spendable: { status: 422, message: 'This is more than you can spend right now.' },
  over_daily_limit: { status: 422, message: 'This is over what is left of your daily spending limit.' },
  over_monthly_limit: { status: 422, message: 'This is over what is left of your monthly spending limit.' },
  over_ltv: {
    status: 422,
    message: 'Withdrawing this would leave your borrowing above its limit. Repay first or withdraw less.',
  },
  confirmation_required: {
    status: 401,
    message: 'Confirm this with your password (or your device’s biometrics in the app).',
  },
  confirmation_failed: { status: 401, message: 'That password is not right. Nothing was sent.' },
  confirmation_locked: {
    status: 429,
    message: 'Too many wrong passwords. Confirming is paused for 15 minutes; nothing was sent.',
  },
  withdrawal_not_cancellable: {
    status: 409,
    message: 'This withdrawal can no longer be cancelled: it has left the security delay.',
  },
  withdrawal_pending: {
    status: 409,
    message:
      'Another withdrawal was being requested on this account at the same ' +
      'moment. Nothing was reserved: check your withdrawals and try again.',
  },
  conflict: {
    status: 409,
    message: 'Another request on this account was being processed at the same moment. Nothing was done: try again.',
  },
  quote_expired: { status: 409, message: 'This quote has expired. Here is a fresh one.' },
  convert_same_asset: { status: 400, message: 'Choose two different assets.' },
  amount_too_small: { status: 400, message: 'This amount is too small.' },
  quote_used: { status: 409, message: 'This quote was already used. Ask for a new one.' },
  vault_insufficient_shares: { status: 422, message: 'This is more than your position in this vault is worth.' },
  vault_withdrawal_not_cancellable: {
    status: 409,
    message: 'This withdrawal is no longer queued: it was paid or cancelled.',
  },
  repay_over_debt: { status: 400, message: 'This is more than you owe.' },
  nothing_to_repay: { status: 409, message: 'You have nothing to repay.' },
  account_exists: { status: 409, message: 'You already have a personal account.' },
  safe_exists: { status: 409, message: 'This account already has its safe.' },
  safe_missing: { status: 409, message: 'This account has no safe yet. Create it first.' },
  recovery_in_progress: {
    status: 409,
    message: 'A recovery is already in progress for this safe. Cancel it first to start another.',
  },
  recovery_not_open: { status: 409, message: 'This recovery is not waiting for approvals or has already ended.' },
  signature_invalid: { status: 400, message: 'The signature does not match.' },
  mode_unchanged: { status: 409, message: 'The account is already in this mode.' },
  mode_debt_outstanding: { status: 409, message: 'Repay what you borrowed before switching back to Direct Pay.' },
  not_liquidatable: { status: 409, message: 'This position is healthy: there is nothing to liquidate.' },
  plaid_credentials: { status: 401, message: 'The bank did not accept that username and password.' },
  plaid_mfa: { status: 401, message: 'That code is not right. Check the latest code from your bank.' },
  plaid_session_expired: { status: 409, message: 'This bank connection timed out. Start again.' },
  verification_required: {
    status: 403,
    message: 'Verify your identity before ordering a card: go to /app/cash/kyc (or /app/cash/kyb for a company).',
  },
  card_limit_reached: { status: 409, message: 'You have as many cards of this kind as your plan allows.' },
  card_not_activatable: { status: 409, message: 'This card cannot be activated now.' },
  card_last4_mismatch: { status: 400, message: 'Those are not the last 4 digits on this card.' },
  last_owner: { status: 409, message: 'A company needs at least one owner. Make someone else an owner first.' },
  owner_only: { status: 403, message: 'Only an owner can invite or promote an owner, or change an owner.' },
  already_member: { status: 409, message: 'This person is already in the company.' },
  invite_not_found: {
    status: 404,
    message:
      'This invitation link is not valid. Check you opened the ' +
      'whole link from the e-mail, or ask for a new invitation.',
  },
  invite_expired: {
    status: 410,
    message: 'This invitation has expired. Ask the person who invited you for a new one.',
  },
  invite_used: {
    status: 410,
    message: 'This invitation has already been used. Sign in with the invited e-mail, or ask for a new invitation.',
  },
  invite_revoked: {
    status: 410,
    message:
      'This invitation was withdrawn or replaced by a newer one. ' +
      'Use the latest invitation e-mail, or ask for a new one.',
  },
  invite_wrong_email: {
    status: 403,
    message: 'This invitation is for another e-mail address. Sign out and continue with the invited e-mail.',
  },
  vault_code_wrong: { status: 400, message: 'That code is not right. Check the latest e-mail from Cash.' },
  vault_code_expired: {
    status: 409,
    message: 'This code no longer works (it expired or was tried too many times). Ask for a new one.',
  },
  vault_code_missing: { status: 409, message: 'Ask for a code first.' },
  wallet_nonce_invalid: { status: 409, message: 'This signing request expired or was already used. Start again.' },
  wallet_signature_invalid: {
    status: 401,
    message: 'The signature does not match this wallet and message. Nothing was linked.',
  },
  wallet_taken: { status: 409, message: 'This wallet is linked to another Cash account. Unlink it there first.' },
  wallet_not_linked: {
    status: 401,
    message:
      'This wallet is not linked to a Cash account. Sign in with ' +
      'your e-mail and password, then link it in Settings → Wallets.',
  },
  upload_too_large: { status: 413, message: 'This file is larger than 5 MB.' },
  upload_type: { status: 415, message: 'This file type is not accepted here.' },
  payload_too_large: { status: 413, message: 'The request is too large.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as JSON (Content-Type: application/json).' },
  underage: { status: 400, message: 'You must be 18 or older.' },
  verification_open: {
    status: 409,
    message: 'A verification is already under way or approved; there is nothing to submit now.',
  },
  no_info_requested: { status: 409, message: 'No document was asked for: there is nothing to upload now.' },
  application_decided: { status: 409, message: 'This application was already decided.' },
  referral_code_invalid: {
    status: 400,
    message: 'This referral code does not exist. Check the link, or sign up without it.',
  },
  referral_code_expired: {
    status: 400,
    message: 'This referral link has expired. Ask for a new one, or sign up without it.',
  },
  referral_link_active: {
    status: 409,
    message: 'Your referral link is still valid; a new one can be made after it expires.',
  },
  reward_already_claimed: { status: 409, message: 'You already claimed this month’s membership reward.' },
  reward_not_available: { status: 422, message: 'Core has no monthly membership reward. Reach Luxe to claim one.' },
  rewards_pool_short: {
    status: 503,
    message: 'The rewards pool is short right now, so nothing was paid. Try again later.',
  },
  recon_resolved: { status: 409, message: 'This failed recon was already resolved.' },
  recon_not_matchable: {
    status: 409,
    message: 'This authorization cannot take the clearing: it is not approved with a pending hold.',
  },
  recon_holder_unknown: {
    status: 400,
    message: 'Choose the account to refund: this recon has no authorization to name its holder.',
  },
  refund_second_admin: { status: 403, message: 'A second admin must approve refunds above $1,000' },
  refund_daily_cap: {
    status: 409,
    message: 'You have reached the refunds one admin can ask for in 24 hours. Another admin can make this refund.',
  },
  refund_not_pending: { status: 409, message: 'This refund is no longer waiting for approval.' },
  admin_own_account: {
    status: 403,
    message: 'Admins do not act on an account they belong to. Another admin must do this.',
  },
  nothing_found: { status: 404, message: 'Nothing found for this search.' },
  internal: { status: 500, message: 'Something failed on our side. It has been logged.' },
  event_out_of_order: {
    status: 409,
    message: 'This provider event came before the one it follows. Deliver it again later.',
  },
  not_ready: { status: 503, message: 'This server is not ready to take requests yet.' },
  account_frozen: {
    status: 423,
    message:
      'This account is frozen by Cash: money can come in, but ' +
      'nothing can go out until it is unfrozen. Contact support.',
  },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorCode = keyof typeof ERRORS

/** Field-level messages as words, keyed by the field's path, e.g. `{ email: 'Enter an e-mail address.' }`. */
export type FieldErrors = Record<string, string>

/**
 * A rule broken by input or state. Carries a stable code, and what it says as data (`says`, one field's in
 * `fieldMessages`) for each page to word in its language; its `message` and `fields` are the English of those.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError'
  constructor(
    readonly code: ErrorCode,
    readonly says: ErrorMessage = { key: code },
    readonly fieldMessages?: FieldMessages,
    readonly details?: Record<string, unknown>,
  ) {
    super(errorText(says, 'en-US'))
  }
  get status(): number {
    return ERRORS[this.code].status
  }
  /** The field messages in English, as the API's `fields` carries them. */
  get fields(): FieldErrors | undefined {
    return this.fieldMessages && fieldTexts(this.fieldMessages, 'en-US')
  }
  /** The same refusal said at one field too: a bad amount shown beside the amount. */
  at(field: string): DomainError {
    return new DomainError(this.code, this.says, { [field]: this.says }, this.details)
  }
}
