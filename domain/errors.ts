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
  address_checksum: { status: 400, message: 'This address has mixed case that does not match its checksum. Check it was copied correctly.' },
  asset_unknown: { status: 400, message: 'This asset is not supported.' },
  idempotency_key_required: { status: 400, message: 'This request needs an Idempotency-Key header.' },
  idempotency_key_reused: { status: 422, message: 'This Idempotency-Key was already used for a different request.' },
  idempotency_in_progress: { status: 409, message: 'The same request is still being processed. Try again in a moment.' },
  unauthenticated: { status: 401, message: 'Sign in to continue.' },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  csrf_failed: { status: 403, message: 'This request did not come from the Cash app. Reload the page and try again.' },
  not_found: { status: 404, message: 'Not found.' },
  sandbox_disabled: { status: 403, message: 'The sandbox control API is off in production mode.' },
  invalid_credentials: { status: 401, message: 'That e-mail and password do not match an account.' },
  account_locked: { status: 429, message: 'Too many wrong passwords. Sign-in for this e-mail is paused for 15 minutes.' },
  rate_limited: { status: 429, message: 'Too many attempts from this device. Wait a few minutes and try again.' },
  email_taken: { status: 409, message: 'An account with this e-mail already exists. Sign in instead.' },
  password_weak: { status: 400, message: 'Use at least 10 characters for your password.' },
  signups_closed: { status: 403, message: 'Sign-ups are closed right now. Join the waitlist.' },
  insufficient_funds: { status: 422, message: 'Not enough balance for this.' },
  unbalanced_journal: { status: 500, message: 'A ledger journal did not balance and was refused.' },
  hold_not_pending: { status: 409, message: 'This hold is no longer pending.' },
  hold_overcapture: { status: 422, message: 'The amount to post is more than the hold allows.' },
  pix_code_invalid: { status: 400, message: 'This is not a PIX code. Copy the whole "Pix Copia e Cola" code and try again.' },
  pix_code_checksum: { status: 400, message: 'This PIX code is damaged (its checksum does not match). Copy it again.' },
  pix_amount_min: { status: 400, message: 'The smallest PIX top-up is R$ 10,00.' },
  pix_daily_limit: { status: 422, message: 'PIX top-ups are limited to R$ 50.000,00 a day.' },
  pix_charge_expired: { status: 409, message: 'This PIX code has expired. Create a new one.' },
  webhook_signature: { status: 401, message: 'The webhook signature does not match.' },
  webhook_timestamp: { status: 400, message: 'The webhook timestamp is outside the replay window.' },
  bridge_unsupported: { status: 400, message: 'This bridge does not carry that token from that chain.' },
  account_without_safe: { status: 409, message: 'This account has no safe yet. Finish setup to get a deposit address.' },
  routing_number_invalid: { status: 400, message: 'A routing number is 9 digits.' },
  routing_number_checksum: { status: 400, message: 'This routing number’s check digit is wrong. Check it with your bank.' },
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
  over_ltv: { status: 422, message: 'Withdrawing this would leave your borrowing above its limit. Repay first or withdraw less.' },
  confirmation_required: { status: 401, message: 'Confirm this with your password (or your device’s biometrics in the app).' },
  confirmation_failed: { status: 401, message: 'That password is not right. Nothing was sent.' },
  withdrawal_not_cancellable: { status: 409, message: 'This withdrawal can no longer be cancelled: it has left the security delay.' },
  quote_expired: { status: 409, message: 'This quote has expired. Here is a fresh one.' },
  repay_over_debt: { status: 400, message: 'This is more than you owe.' },
  nothing_to_repay: { status: 409, message: 'You have nothing to repay.' },
  account_exists: { status: 409, message: 'You already have a personal account.' },
  mode_unchanged: { status: 409, message: 'The account is already in this mode.' },
  mode_debt_outstanding: { status: 409, message: 'Repay what you borrowed before switching back to Direct Pay.' },
  not_liquidatable: { status: 409, message: 'This position is healthy: there is nothing to liquidate.' },
  plaid_credentials: { status: 401, message: 'The bank did not accept that username and password.' },
  plaid_mfa: { status: 401, message: 'That code is not right. Check the latest code from your bank.' },
  plaid_session_expired: { status: 409, message: 'This bank connection timed out. Start again.' },
  verification_required: { status: 403, message: 'Verify your identity before ordering a card: go to /app/cash/kyc (or /app/cash/kyb for a company).' },
  card_limit_reached: { status: 409, message: 'You have as many cards of this kind as your plan allows.' },
  card_not_activatable: { status: 409, message: 'This card cannot be activated now.' },
  card_last4_mismatch: { status: 400, message: 'Those are not the last 4 digits on this card.' },
  upload_too_large: { status: 413, message: 'This file is larger than 5 MB.' },
  upload_type: { status: 415, message: 'This file type is not accepted here.' },
  payload_too_large: { status: 413, message: 'The request is too large.' },
  underage: { status: 400, message: 'You must be 18 or older.' },
  verification_open: { status: 409, message: 'A verification is already under way or approved; there is nothing to submit now.' },
  no_info_requested: { status: 409, message: 'No document was asked for: there is nothing to upload now.' },
  application_decided: { status: 409, message: 'This application was already decided.' },
  internal: { status: 500, message: 'Something failed on our side. It has been logged.' },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorCode = keyof typeof ERRORS

/** Field-level messages keyed by the field's path, e.g. `{ email: 'Enter an e-mail address.' }`. */
export type FieldErrors = Record<string, string>

/** A rule broken by input or state. Carries a stable code; its message is human. */
export class DomainError extends Error {
  override readonly name = 'DomainError'
  constructor(
    readonly code: ErrorCode,
    message: string = ERRORS[code].message,
    readonly fields?: FieldErrors,
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
  }
  get status(): number {
    return ERRORS[this.code].status
  }
}
