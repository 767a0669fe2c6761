import type { ColumnType, Generated } from 'kysely'
import type { SealedBytes, SealedText } from '../security/field-crypto'
import type { ErrorMessage } from '../../domain/error-message'
import type { MovementReason } from '../../domain/movement-reason'
import type { MovementTitle } from '../../domain/movement-title'
import type { CardStatusReason } from '../../domain/card-status-reason'
import type { VerificationReason } from '../../domain/identity'
/** A movement's reason (domain/movement-reason.ts), JSONB: written as JSON text. */
type Reason = ColumnType<MovementReason | null, string | null | undefined, string | null>

/** NUMERIC(78,0) columns: bigint in code (both drivers parse NUMERIC to bigint). */
type Money = ColumnType<bigint, bigint | string, bigint | string>
/** NUMERIC(78,0) with a database default of 0. */
type MoneyDefault = ColumnType<bigint, bigint | string | undefined, bigint | string>
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
/** DATE: both drivers read it as a Date (its midnight); written as `YYYY-MM-DD`. */
type Day = ColumnType<Date, string, string>
/**
 * A JSONB value as read: any but null (a column that can be NULL says `| null`); what it holds is its reader's to
 * check. Not `unknown`, which would say nothing about null (server/db/schema-matches-migrations.test.ts).
 */
type JsonValue = NonNullable<unknown>

export interface UsersTable {
  id: string
  email: string
  password_hash: string
  name: string
  platform_role: 'user' | 'admin'
  kyc_status: ColumnType<VerificationStatus, VerificationStatus | undefined, VerificationStatus>
  /** Why, as data (domain/identity.ts VerificationReason); written as JSON text. */
  kyc_reason: ColumnType<VerificationReason | null, string | null | undefined, string | null>
  /** null: never chosen (the device's language is used). */
  language: ColumnType<'en' | 'pt-BR' | null, 'en' | 'pt-BR' | null | undefined, 'en' | 'pt-BR' | null>
  /** Sealed (server/security/seal-stored-pii.ts), like the columns below marked so. */
  phone: ColumnType<SealedText | null, SealedText | null | undefined, SealedText | null>
  /** Sealed. */
  vault_email: ColumnType<SealedText | null, SealedText | null | undefined, SealedText | null>
  vault_email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: Timestamp
}

export type VerificationStatus =
  | 'not_started'
  | 'submitted'
  | 'in_review'
  | 'approved'
  | 'rejected'
  | 'more_info_needed'
export type AccountTier = 'core' | 'luxe' | 'pinnacle' | 'vip'

export interface AccountsTable {
  id: string
  kind: 'personal' | 'corporate'
  name: string
  safe_address: string | null
  mode: 'direct_pay' | 'borrow'
  time_zone: string
  /** When `time_zone` last changed (the business clock), written with it (migration 0064). */
  time_zone_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** Movements from this moment until `time_zone_changed_at` count on `limit_day_carried_to` (migration 0064). */
  limit_day_carried_from: ColumnType<Date | null, never, never>
  limit_day_carried_to: ColumnType<Date | null, never, never>
  daily_limit: Money
  monthly_limit: Money
  kyb_status: ColumnType<VerificationStatus, VerificationStatus | undefined, VerificationStatus>
  /** Why, as data (domain/identity.ts VerificationReason); written as JSON text. */
  kyb_reason: ColumnType<VerificationReason | null, string | null | undefined, string | null>
  tier: ColumnType<AccountTier, AccountTier | undefined, AccountTier>
  created_at: Timestamp
}

export interface AccountMembersTable {
  account_id: string
  user_id: string
  role: 'holder' | 'owner' | 'admin' | 'member'
  created_at: Timestamp
}

export interface SessionsTable {
  id: string
  user_id: string
  transport: 'cookie' | 'bearer'
  csrf_token: string
  created_at: Timestamp
  expires_at: Timestamp
  /** What the holder's list of devices names the session by (the id is the token's hash, never shown). */
  public_id: string
  /** Real (wall-clock) time of the session's last use, written at most once a minute: the idle timeout reads it. */
  last_seen_at: Timestamp
  /** The User-Agent the session was made from (cut to 400 characters), for the list of devices. */
  user_agent: string | null
  /** A native session's secret for answering confirmation challenges, given once at sign-in (migration 0040). */
  confirm_secret: ColumnType<string | null, string | null | undefined, string | null>
  /** The linked wallet that signed this session in (null: a password); unlinking it ends it (migration 0073). */
  wallet_address: ColumnType<string | null, string | null | undefined, string | null>
}

/** A password reset link: the token's SHA-256, open until used, superseded by a newer one, or expired. */
export interface PasswordResetsTable {
  id: string
  user_id: string
  token_hash: string
  created_at: Date
  expires_at: Date
  used_at: Date | null
  superseded_at: Date | null
}

export interface SignInFailuresTable {
  email: string
  failures: number
  locked_until: Date | null
  last_failure_at: Timestamp
}

export interface ConfirmationFailuresTable {
  user_id: string
  failures: number
  last_failure_at: Date
  locked_until: Date | null
}

export interface RateLimitsTable {
  key: string
  window_start: Timestamp
  hits: number
}

export interface LedgerAccountsTable {
  id: string
  account_id: string | null
  code: string
  asset: string
  normal: 'debit' | 'credit'
  no_overdraft: boolean
  debits_posted: MoneyDefault
  credits_posted: MoneyDefault
  debits_pending: MoneyDefault
  credits_pending: MoneyDefault
  created_at: Timestamp
}

export interface JournalsTable {
  id: string
  kind: string
  account_id: string | null
  /** What the movement is, as data (domain/movement-title.ts); written as JSON text. */
  title: ColumnType<MovementTitle, string, never>
  reference: string | null
  hold_id: string | null
  created_at: Timestamp
}

export interface EntriesTable {
  id: Generated<bigint>
  journal_id: string
  ledger_account_id: string
  asset: string
  side: 'debit' | 'credit'
  amount: Money
}

export type HoldStatus = 'pending' | 'posted' | 'voided' | 'expired'

export interface HoldsTable {
  id: string
  kind: string
  account_id: string | null
  debit_ledger_account_id: string
  credit_ledger_account_id: string
  asset: string
  amount: Money
  posted_amount: ColumnType<bigint | null, bigint | string | null, bigint | string | null>
  status: HoldStatus
  title: ColumnType<MovementTitle, string, never>
  reference: string | null
  expires_at: Timestamp
  created_at: Timestamp
  resolved_at: Date | null
}

export interface IdempotencyKeysTable {
  scope: string
  key: string
  request_hash: string
  response_status: number | null
  response_body: ColumnType<JsonValue | null, string | null, string>
  created_at: Timestamp
}

export interface ErrorInboxTable {
  id: string
  received_at: Timestamp
  event_id: string | null
  item_types: string
  summary: string
  size_bytes: number
  envelope: Uint8Array
}

type Json = ColumnType<JsonValue, string, string>

export interface JobsTable {
  id: string
  kind: string
  payload: Json
  run_at: Timestamp
  status: 'pending' | 'done' | 'failed'
  attempts: ColumnType<number, number | undefined, number>
  locked_until: Date | null
  last_error: string | null
  created_at: Timestamp
}

export interface ProviderEventsTable {
  provider: string
  event_id: string
  type: string
  payload: Json
  result: ColumnType<JsonValue | null, string | null | undefined, string | null>
  received_at: Timestamp
}

export interface ChainDepositsTable {
  id: string
  account_id: string
  tx_hash: string
  /** The transfer's log (its index as the indexer says it: in its block); null when it did not say (migration 0063). */
  log_index: number | null
  asset: string
  amount: Money
  from_address: string
  to_address: string
  block_number: ColumnType<bigint, bigint | number, bigint | number>
  /** The block's hash, in lower case, when the indexer said it (migration 0067): a reorganization's block differs. */
  block_hash: ColumnType<string | null, string | null | undefined, string | null>
  required_confirmations: number
  status: 'pending' | 'credited'
  journal_id: string | null
  created_at: Timestamp
  credited_at: Date | null
}

export type BridgeStatus = 'confirming' | 'in_flight' | 'delivered' | 'payload_stored' | 'failed'
export interface BridgeTransfersTable {
  id: string
  account_id: string
  bridge: 'stargate' | 'etherfi'
  source_chain: string
  source_token: string
  source_tx_hash: string
  destination_tx_hash: string | null
  asset: string
  amount: Money
  fee: Money
  status: BridgeStatus
  failure_reason: Reason
  eta_at: Timestamp
  journal_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface PixChargesTable {
  id: string
  account_id: string
  txid: string
  brl_amount: Money
  usdc_amount: Money
  fee_usdc: Money
  rate_micro_usd: Money
  br_code: string
  status: 'pending' | 'paid' | 'expired'
  expires_at: Timestamp
  paid_at: Date | null
  journal_id: string | null
  created_at: Timestamp
}

export interface BankTransfersInTable {
  id: string
  account_id: string
  provider_reference: string
  rail: 'ach' | 'wire' | 'sepa'
  currency: 'USD' | 'EUR'
  amount_minor: Money
  sender_name: string
  third_party: boolean
  usdc_amount: Money
  fee_usdc: Money
  status: 'credited' | 'returned'
  return_reason: Reason
  journal_id: string | null
  created_at: Timestamp
}

// Sealed columns (0042, server/security/field-crypto.ts): read only through openText / openBytes.
export interface VirtualBankAccountsTable {
  account_id: string
  usd_account_number: SealedText
  iban: SealedText
  /**
   * Blind indexes (HMAC) of the numbers, what incoming transfers are looked up by; null only before the startup pass.
   */
  usd_account_number_index: string | null
  iban_index: string | null
  created_at: Timestamp
}

export type WithdrawalStatus = 'delayed' | 'broadcast' | 'confirmed' | 'failed' | 'cancelled' | 'replaced'
export interface WithdrawalsTable {
  id: string
  account_id: string
  asset: string
  amount: Money
  fee: Money
  destination: string
  status: WithdrawalStatus
  hold_id: string
  tx_hash: string | null
  failure_reason: Reason
  release_at: Timestamp
  journal_id: string | null
  /** Who asked for it (migration 0071); null for those asked for before. */
  requested_by: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface PixPaymentsTable {
  id: string
  account_id: string
  key_type: string
  /** Sealed: a CPF, a phone number or an e-mail is someone's personal data. */
  key_value: SealedText
  recipient_name: string
  recipient_city: string
  source: 'key' | 'code'
  txid: string | null
  brl_amount: Money
  usdc_amount: Money
  fee_usdc: Money
  rate_micro_usd: Money
  status: 'quoted' | 'completed'
  end_to_end_id: string | null
  expires_at: Timestamp
  journal_id: string | null
  created_at: Timestamp
  completed_at: Date | null
}

export interface BankRecipientsTable {
  id: string
  account_id: string
  region: 'us' | 'eu'
  name: string
  routing_number: string | null
  account_number: SealedText | null
  iban: SealedText | null
  bic: string | null
  source: 'manual' | 'plaid'
  institution: string | null
  created_at: Timestamp
  removed_at: Date | null
}

export interface BankSendsTable {
  id: string
  account_id: string
  recipient_id: string
  currency: 'USD' | 'EUR'
  amount_usdc: Money
  fee_usdc: Money
  fiat_amount_minor: Money
  status: 'processing' | 'completed' | 'returned'
  return_reason: Reason
  eta_at: Timestamp
  journal_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface PlaidLinkSessionsTable {
  id: string
  account_id: string
  institution_id: string
  stage: 'mfa' | 'linked' | 'exchanged'
  public_token: string | null
  expires_at: Timestamp
  created_at: Timestamp
}

type NullableMoney = ColumnType<bigint | null, bigint | string | null | undefined, bigint | string | null>

export interface CardsTable {
  id: string
  account_id: string
  cardholder_user_id: string
  kind: 'virtual' | 'physical'
  status: 'active' | 'frozen' | 'cancelled'
  /** Why it is frozen or cancelled, as data (domain/card-status-reason.ts); written as JSON text. */
  status_reason: ColumnType<CardStatusReason | null, string | null | undefined, string | null>
  last4: string
  expiry_month: number
  expiry_year: number
  name_on_card: string
  per_purchase_limit: NullableMoney
  daily_limit: NullableMoney
  monthly_limit: NullableMoney
  blocked_categories: ColumnType<string[], string | undefined, string>
  shipping_status: ColumnType<ShippingStatus | null, ShippingStatus | null | undefined, ShippingStatus | null>
  shipping_address: ColumnType<ShippingAddressJson | null, string | null | undefined, string | null>
  shipping_eta: ColumnType<Date | null, Date | null | undefined, Date | null>
  shipped_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  activated_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  order_fee: MoneyDefault
  fee_journal_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
}

export type ShippingStatus = 'ordered' | 'shipped' | 'delivered' | 'activated'
export type ShippingAddressJson = {
  line1: string
  line2?: string | undefined
  city: string
  region: string
  postalCode: string
  country: string
}

export interface CardAuthorizationIncrementsTable {
  id: string
  authorization_id: string
  network_increment_id: string
  amount: Money
  status: 'approved' | 'declined'
  decline_reason: string | null
  /** The purchase's total the decision answered (migration 0069; null on increments recorded before). */
  total: NullableMoney
  created_at: Timestamp
}

/** A card refund by the network's id for it (migration 0067): delivered again, it pays nothing twice. */
export interface CardRefundsTable {
  id: string
  network_refund_id: string
  authorization_id: string | null
  amount: Money
  created_at: Timestamp
}

export interface CardReversalsTable {
  id: string
  network_reversal_id: string
  authorization_id: string | null
  amount: Money
  created_at: Timestamp
}

export type AuthorizationStatus = 'approved' | 'declined' | 'cleared' | 'reversed' | 'expired' | 'refunded'
export interface CardAuthorizationsTable {
  id: string
  network_id: string
  card_id: string
  account_id: string
  amount: Money
  merchant_name: string
  merchant_city: string
  mcc: string
  status: AuthorizationStatus
  decline_reason: string | null
  hold_id: string | null
  cleared_amount: NullableMoney
  refunded_amount: MoneyDefault
  cancelled_withdrawal_id: string | null
  expires_at: Timestamp
  created_at: Timestamp
  updated_at: Timestamp
}

export interface FailedReconsTable {
  id: string
  network_id: string
  authorization_id: string | null
  amount: Money
  /** Why the clearing or refund did not match (domain/movement-reason.ts, the recon_* kinds; migration 0048). */
  reason: ColumnType<MovementReason, string, string>
  status: ColumnType<
    'open' | 'matched' | 'written_off' | 'refunded',
    'open' | 'matched' | 'written_off' | 'refunded' | undefined,
    'open' | 'matched' | 'written_off' | 'refunded'
  >
  created_at: Timestamp
}

export interface AccountLimitChangesTable {
  id: string
  account_id: string
  daily_limit: Money
  monthly_limit: Money
  effective_at: Timestamp
  status: 'pending' | 'applied' | 'replaced'
  created_at: Timestamp
}

export interface AccountModeChangesTable {
  id: string
  account_id: string
  to_mode: 'direct_pay' | 'borrow'
  effective_at: Timestamp
  status: 'pending' | 'applied' | 'cancelled' | 'refused'
  /** Why a switch was refused when it came due (domain/error-message.ts), JSONB: written as JSON text. */
  reason: ColumnType<ErrorMessage | null, string | null | undefined, string | null>
  requested_by: string | null
  created_at: Timestamp
}

export interface InterestAccrualsTable {
  account_id: string
  day: ColumnType<string, string, string>
  debt: Money
  amount: Money
  carry: Money
  journal_id: string | null
  created_at: Timestamp
}

export interface LiquidationsTable {
  id: string
  account_id: string
  trigger: 'job' | 'admin'
  admin_user_id: string | null
  debt_before: Money
  repaid: Money
  health_before_bps: Money
  health_after_bps: ColumnType<bigint | null, bigint | string | null, bigint | string | null>
  sold: ColumnType<Record<string, string>, string, string>
  cancelled_withdrawal_id: string | null
  journal_id: string
  created_at: Timestamp
}

export interface AssetPricesTable {
  asset: string
  usd_price: Money
  updated_by: string | null
  updated_at: Timestamp
}

export interface MailOutboxTable {
  id: string
  to_address: string
  template: string
  subject: string
  body: string
  status: ColumnType<
    'queued' | 'delivered' | 'failed',
    'queued' | 'delivered' | 'failed' | undefined,
    'queued' | 'delivered' | 'failed'
  >
  created_at: Timestamp
  delivered_at: Date | null
  failed_at: Date | null
  /** The mail server's reply to a mail it refused for good, or the last error when retries ran out. */
  failure_reason: string | null
}

export interface SafesTable {
  account_id: string
  address: string
  owners: ColumnType<string[], string, string>
  threshold: number
  salt_nonce: Money
  status: 'deploying' | 'deployed'
  /** As the chain reports it: null until then where the sandbox does not play the chain (migration 0072). */
  deploy_tx_hash: string | null
  deploy_block: ColumnType<bigint | null, bigint | string | null, bigint | string | null>
  created_by: string | null
  created_at: Timestamp
  deployed_at: Date | null
}

export interface RecoverySignersTable {
  account_id: string
  kind: 'platform' | 'third_party' | 'holder'
  address: string
  /** The name the holder gave their own signer; null: a page names it by its kind (domain/safe.ts). */
  label: string | null
  created_at: Timestamp
}

export interface RecoveriesTable {
  id: string
  account_id: string
  incoming_owner: string
  approvals: ColumnType<string[], string | undefined, string>
  status: 'collecting' | 'scheduled' | 'executed' | 'cancelled'
  executes_at: Date | null
  requested_by: string | null
  cancelled_by: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface SchemaMigrationsTable {
  version: string
  applied_at: Timestamp
}

export interface InstallSecretsTable {
  name: string
  value: string
  created_at: ColumnType<Date, Date | undefined, never>
}

/** A sealed column the startup pass found wholly sealed under `key_id` (server/security/seal-stored-pii.ts). */
export interface SealedColumnsTable {
  name: string
  key_id: string
  checked_at: ColumnType<Date, Date | undefined, Date>
}

export interface Database {
  install_secrets: InstallSecretsTable
  sealed_columns: SealedColumnsTable
  users: UsersTable
  accounts: AccountsTable
  account_members: AccountMembersTable
  sessions: SessionsTable
  password_resets: PasswordResetsTable
  sign_in_failures: SignInFailuresTable
  confirmation_failures: ConfirmationFailuresTable
  rate_limits: RateLimitsTable
  ledger_accounts: LedgerAccountsTable
  journals: JournalsTable
  entries: EntriesTable
  holds: HoldsTable
  idempotency_keys: IdempotencyKeysTable
  schema_migrations: SchemaMigrationsTable
  error_inbox: ErrorInboxTable
  jobs: JobsTable
  provider_events: ProviderEventsTable
  chain_deposits: ChainDepositsTable
  bridge_transfers: BridgeTransfersTable
  pix_charges: PixChargesTable
  bank_transfers_in: BankTransfersInTable
  virtual_bank_accounts: VirtualBankAccountsTable
  withdrawals: WithdrawalsTable
  pix_payments: PixPaymentsTable
  bank_recipients: BankRecipientsTable
  bank_sends: BankSendsTable
  plaid_link_sessions: PlaidLinkSessionsTable
  cards: CardsTable
  card_authorizations: CardAuthorizationsTable
  card_authorization_increments: CardAuthorizationIncrementsTable
  card_refunds: CardRefundsTable
  card_reversals: CardReversalsTable
  failed_recons: FailedReconsTable
  account_limit_changes: AccountLimitChangesTable
  account_mode_changes: AccountModeChangesTable
  interest_accruals: InterestAccrualsTable
  liquidations: LiquidationsTable
  asset_prices: AssetPricesTable
  mail_outbox: MailOutboxTable
  safes: SafesTable
  recovery_signers: RecoverySignersTable
  recoveries: RecoveriesTable
}

export interface AlertSettingsTable {
  user_id: string
  account_id: string
  purchase_above: NullableMoney
  daily_spend_above: NullableMoney
  spendable_below: NullableMoney
  spendable_low: ColumnType<boolean, boolean | undefined, boolean>
  health_low: ColumnType<boolean, boolean | undefined, boolean>
  daily_alerted_for: Date | null
  updated_at: Timestamp
}

export interface AlertChecksTable {
  id: string
  account_id: string
  marked_at: Timestamp
}

export type NotificationKind = 'purchase_above' | 'daily_spend_above' | 'spendable_below' | 'health_low'

export interface NotificationsTable {
  id: string
  seq: ColumnType<bigint, never, never>
  user_id: string
  account_id: string
  kind: NotificationKind
  amount: NullableMoney
  threshold: NullableMoney
  merchant: string | null
  health_bps: NullableMoney
  dedupe_key: string | null
  read_at: Date | null
  created_at: Timestamp
}

// Alerts (0011): declared apart so this feature's tables merge into Database without touching its list.
export interface Database {
  alert_settings: AlertSettingsTable
  alert_checks: AlertChecksTable
  notifications: NotificationsTable
}

export interface InvitationsTable {
  id: string
  account_id: string
  email: string
  role: 'owner' | 'admin' | 'member'
  token_hash: string
  invited_by: string
  status: ColumnType<
    'pending' | 'accepted' | 'revoked' | 'replaced',
    'pending' | undefined,
    'accepted' | 'revoked' | 'replaced'
  >
  expires_at: Timestamp
  accepted_by: ColumnType<string | null, string | null | undefined, string | null>
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: Timestamp
}

export interface WaitlistTable {
  email: string
  created_at: Timestamp
}

// People (0014): declared apart, like alerts, so the feature's tables merge into Database.
export interface Database {
  invitations: InvitationsTable
  waitlist: WaitlistTable
}

export interface VaultEmailCodesTable {
  user_id: string
  /** Sealed. */
  email: SealedText
  code_hash: string
  wrong_tries: ColumnType<number, number | undefined, number>
  expires_at: Timestamp
  created_at: Timestamp
}

export interface SiweNoncesTable {
  nonce: string
  purpose: 'link' | 'sign_in'
  user_id: string | null
  address: string
  message: string
  expires_at: Timestamp
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: Timestamp
}

export interface LinkedWalletsTable {
  address: string
  user_id: string
  created_at: Timestamp
}

export interface Database {
  vault_email_codes: VaultEmailCodesTable
  siwe_nonces: SiweNoncesTable
  linked_wallets: LinkedWalletsTable
}

// Identity checks (0013): KYC and KYB applications at the identity provider, and their private documents.
export interface IdentityApplicationsTable {
  id: string
  kind: 'kyc' | 'kyb'
  user_id: string | null
  account_id: string | null
  parent_id: string | null
  submitted_by: string
  subject_name: string
  provider_ref: string
  status: Exclude<VerificationStatus, 'not_started'>
  reason: string | null
  requested_document: string | null
  round: ColumnType<number, number | undefined, number>
  /** The applicant's answers (birth date, address, registration number…) as sealed JSON. */
  details: SealedText
  origin: string
  submitted_at: Date
  decided_at: Date | null
  decided_source: 'provider' | 'admin' | null
  decided_by: string | null
}

export interface IdentityDocumentsTable {
  id: string
  uploaded_by: string
  kind: string
  mime: string
  file_name: string
  size_bytes: number
  content: SealedBytes
  application_id: string | null
  created_at: Date
}

export interface Database {
  identity_applications: IdentityApplicationsTable
  identity_documents: IdentityDocumentsTable
  conversion_quotes: ConversionQuotesTable
  vault_positions: VaultPositionsTable
  vault_withdrawals: VaultWithdrawalsTable
}

export interface ConversionQuotesTable {
  id: string
  account_id: string
  kind: 'convert' | 'stake'
  from_asset: string
  to_asset: string
  amount_in: Money
  gross_out: Money
  spread: Money
  amount_out: Money
  from_price: Money
  to_price: Money
  spread_bps: number
  expires_at: Timestamp
  executed_at: Date | null
  journal_id: string | null
  created_at: Timestamp
}

export interface VaultPositionsTable {
  account_id: string
  vault: 'usd' | 'eth'
  shares: Money
  cost_basis: Money
  updated_at: Timestamp
}

export interface VaultWithdrawalsTable {
  id: string
  account_id: string
  vault: 'usd' | 'eth'
  shares: Money
  cost_basis: Money
  requested_amount: Money
  status: 'queued' | 'paid' | 'cancelled'
  settle_at: Timestamp
  paid_amount: bigint | null
  journal_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

// Cashback (0018): versioned rules, campaigns, opt-ins and one line per purchase and type.
export interface CashbackRulesTable {
  id: string
  rule_id: string
  version: number
  name: string
  category: string | null
  merchant_name: string | null
  starts_at: Date | null
  ends_at: Date | null
  bps: number
  removed: ColumnType<boolean, boolean | undefined, boolean>
  effective_from: Date
  created_by: string
  created_at: Timestamp
}

export interface CashbackCampaignsTable {
  id: string
  kind: 'splashback' | 'triple_dip' | 'summer_mint' | 'membership_rewards'
  name: string
  category: string | null
  bps: ColumnType<number, number | undefined, number>
  multiplier: ColumnType<number, number | undefined, number>
  starts_at: Date
  ends_at: Date
  requires_kyc: boolean
  requires_active_card: boolean
  personal_only: boolean
  opt_in_required: boolean
  total_cap: Money
  per_holder_cap: Money
  payout_asset: ColumnType<'USDC', 'USDC' | undefined, 'USDC'>
  created_by: string
  created_at: Timestamp
}

export interface CampaignOptInsTable {
  campaign_id: string
  account_id: string
  created_at: Timestamp
}

export interface CashbackLinesTable {
  id: string
  account_id: string
  authorization_id: string | null
  type: 'regular' | 'promotion' | 'referral'
  campaign_id: string | null
  bps: number
  purchase_amount: Money
  amount: Money
  clawed_back: MoneyDefault
  state: 'pending' | 'paid' | 'cancelled'
  payable_at: Date
  paid_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  journal_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
}

export interface MembershipPointsTable {
  id: string
  account_id: string
  month: string
  points: number
  reason: 'card_spend' | 'card_refund' | 'weeth_holding'
  reference: string
  title: ColumnType<MovementTitle, string, never>
  created_at: Timestamp
}

export interface MembershipTierChangesTable {
  id: string
  account_id: string
  from_tier: AccountTier
  to_tier: AccountTier
  reason: 'upgrade' | 'requalification' | 'vip_set' | 'vip_removed'
  month: string
  points: number
  created_at: Timestamp
}

export interface MembershipRequalificationsTable {
  month: string
  accounts: number
  created_at: Timestamp
}

export interface MembershipRewardClaimsTable {
  id: string
  account_id: string
  month: string
  tier: AccountTier
  amount: Money
  journal_id: string
  claimed_by: string
  created_at: Timestamp
}

export interface SummerMintBadgesTable {
  account_id: string
  spent: Money
  earned_at: Date
}

export interface ReferralLinksTable {
  id: string
  user_id: string
  code: string
  expires_at: Date
  created_at: Timestamp
}

export interface ReferralsTable {
  id: string
  referrer_user_id: string
  referee_user_id: string
  link_id: string
  qualified_at: Date | null
  /** Why the referral never qualifies (migration 0070): the referee is the referrer, verified twice. */
  ineligible_reason: ColumnType<'same_person' | null, 'same_person' | null | undefined, 'same_person' | null>
  ineligible_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: Timestamp
}

export interface ReferralAccrualsTable {
  id: string
  referral_id: string
  referrer_user_id: string
  authorization_id: string
  month: string
  amount: Money
  payout_id: string | null
  /** What refunds of the purchase took back (migration 0067). */
  clawed_back: MoneyDefault
  /** The part of `clawed_back` a payout has accounted for: paid less, or kept from a later payout. */
  clawback_settled: MoneyDefault
  created_at: Timestamp
}

export interface ReferralPayoutsTable {
  id: string
  referrer_user_id: string
  account_id: string
  amount: Money
  journal_id: string
  paid_month: string
  created_at: Timestamp
}

export interface Database {
  cashback_rules: CashbackRulesTable
  cashback_campaigns: CashbackCampaignsTable
  campaign_opt_ins: CampaignOptInsTable
  cashback_lines: CashbackLinesTable
}

export interface Database {
  membership_points: MembershipPointsTable
  membership_tier_changes: MembershipTierChangesTable
  membership_requalifications: MembershipRequalificationsTable
  membership_reward_claims: MembershipRewardClaimsTable
  summer_mint_badges: SummerMintBadgesTable
  referral_links: ReferralLinksTable
  referrals: ReferralsTable
  referral_accruals: ReferralAccrualsTable
  referral_payouts: ReferralPayoutsTable
}

export interface AdminAuditLogTable {
  id: string
  /** Write order (migration 0026): breaks ties between lines of the same instant. */
  seq: Generated<bigint>
  actor_id: string
  action: string
  subject_type: string
  subject_id: string
  reason: string | null
  /** A reason the server gives, as data (migration 0056): `{ key, ...params }` (domain/error-message.ts). */
  reason_message: ColumnType<JsonValue | null, string | null | undefined, never>
  before: ColumnType<JsonValue | null, string | null, never>
  after: ColumnType<JsonValue | null, string | null, never>
  created_at: Timestamp
  /** The hash chain (migration 0037), set by the database on insert. */
  prev_hash: ColumnType<string, never, never>
  hash: ColumnType<string, never, never>
}

export interface Database {
  admin_audit_log: AdminAuditLogTable
}

export interface FeedbackTable {
  id: string
  user_id: string
  account_id: string | null
  rating: number
  message: string
  page: string | null
  created_at: Timestamp
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface Database {
  feedback: FeedbackTable
}

// Rewards campaigns (migration 0024): summer-mint and membership-rewards settings, a payout date per campaign.
export interface CashbackCampaignsTable {
  spend_goal: ColumnType<bigint | null, bigint | string | null | undefined, bigint | string | null>
  tier_rewards: ColumnType<Record<string, string> | null, string | null | undefined, string | null>
  payout_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}
export interface SummerMintBadgesTable {
  campaign_id: ColumnType<string | null, string | null | undefined, string | null>
}
export interface MembershipRewardClaimsTable {
  campaign_id: ColumnType<string | null, string | null | undefined, string | null>
}

export interface VaultApyChangesTable {
  id: string
  vault: 'usd' | 'eth'
  apy_bps: number
  share_price: Money
  effective_from: Date
  changed_by: string
  created_at: Timestamp
}

export interface VaultSnapshotsTable {
  vault: 'usd' | 'eth'
  day: string
  share_price: Money
  apy_bps: number
  taken_at: Date
}

export interface Database {
  vault_apy_changes: VaultApyChangesTable
  vault_snapshots: VaultSnapshotsTable
}

/** Issue 9 part B: how an admin resolved a failed recon (merged into the table's columns). */
export interface FailedReconsTable {
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>
  resolution_reason: ColumnType<string | null, string | null | undefined, string | null>
  journal_id: ColumnType<string | null, string | null | undefined, string | null>
  matched_authorization_id: ColumnType<string | null, string | null | undefined, string | null>
  refund_account_id: ColumnType<string | null, string | null | undefined, string | null>
}

/** Issue 9 part B: a hold an admin released or force-expired (merged into the table's columns). */
export interface HoldsTable {
  admin_action: ColumnType<
    'released' | 'force_expired' | null,
    'released' | 'force_expired' | null | undefined,
    'released' | 'force_expired' | null
  >
  admin_id: ColumnType<string | null, string | null | undefined, string | null>
  admin_reason: ColumnType<string | null, string | null | undefined, string | null>
}

export type ManualRefundStatus = 'pending_approval' | 'posted' | 'rejected'

export interface ManualRefundsTable {
  id: string
  account_id: string
  asset: string
  amount: Money
  reason: string
  transaction_ref: string | null
  status: ManualRefundStatus
  requested_by: string
  decided_by: string | null
  decision_reason: string | null
  journal_id: string | null
  created_at: Timestamp
  decided_at: Date | null
}

export interface Database {
  manual_refunds: ManualRefundsTable
}

export interface AccountsTable {
  /** Set while an admin has the account frozen (issue 9): purchases declined, money out refused. */
  frozen_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  frozen_reason: ColumnType<string | null, string | null | undefined, string | null>
}

export interface FeatureFlagsTable {
  key: string
  description: string
  enabled: boolean
  rollout_percent: number
  updated_at: Timestamp
}

export interface FeatureFlagOverridesTable {
  key: string
  user_id: string
  enabled: boolean
  created_at: ColumnType<Date, Date | undefined, never>
}

export interface Database {
  feature_flags: FeatureFlagsTable
  feature_flag_overrides: FeatureFlagOverridesTable
}

/**
 * Running totals the database keeps by trigger (migration 0028), read by the card batch and positions: each
 * account's counted spend per day in its time zone, its pending holds by kind, each card's spend per day.
 */
export interface AccountLimitDaysTable {
  account_id: string
  day: Day
  amount: Money
}

export interface AccountPendingHoldsTable {
  account_id: string
  kind: string
  amount: Money
}

export interface CardSpendDaysTable {
  card_id: string
  day: Day
  amount: Money
}

/**
 * A single-use challenge a native host answers to confirm a movement (migration 0040,
 * server/auth/confirmation-challenge.ts).
 */
export interface ConfirmationChallengesTable {
  id: string
  session_id: string
  challenge: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export interface Database {
  account_limit_days: AccountLimitDaysTable
  account_pending_holds: AccountPendingHoldsTable
  card_spend_days: CardSpendDaysTable
  confirmation_challenges: ConfirmationChallengesTable
}
