-- Background jobs: rows claimed with FOR UPDATE SKIP LOCKED, so any number of server processes can run them.
CREATE TABLE jobs (
  id UUID PRIMARY KEY,
  kind TEXT NOT NULL,
  payload JSONB NOT NULL,
  run_at TIMESTAMPTZ NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  locked_until TIMESTAMPTZ,
  last_error TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE status = 'pending';

-- Every provider webhook accepted, by the provider's own event id: the same event is applied once.
CREATE TABLE provider_events (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  payload JSONB NOT NULL,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The sandbox chain: transfers to a safe address, confirmed block by block.
CREATE TABLE chain_deposits (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  tx_hash TEXT NOT NULL UNIQUE,
  asset TEXT NOT NULL,
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  from_address TEXT NOT NULL,
  to_address TEXT NOT NULL,
  block_number BIGINT NOT NULL,
  required_confirmations INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'credited')),
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  credited_at TIMESTAMPTZ
);
CREATE INDEX chain_deposits_account ON chain_deposits (account_id, created_at DESC);

-- Bridge transfers (Stargate, ether.fi), tracked LayerZero-style by their source transaction hash.
CREATE TABLE bridge_transfers (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  bridge TEXT NOT NULL CHECK (bridge IN ('stargate', 'etherfi')),
  source_chain TEXT NOT NULL,
  source_token TEXT NOT NULL,
  source_tx_hash TEXT NOT NULL UNIQUE,
  destination_tx_hash TEXT,
  asset TEXT NOT NULL,
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  fee NUMERIC(78, 0) NOT NULL CHECK (fee >= 0),
  status TEXT NOT NULL CHECK (status IN ('confirming', 'in_flight', 'delivered', 'payload_stored', 'failed')),
  failure_reason TEXT,
  eta_at TIMESTAMPTZ NOT NULL,
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX bridge_transfers_account ON bridge_transfers (account_id, created_at DESC);

-- PIX top-ups: a dynamic BR Code charge with a locked rate.
CREATE TABLE pix_charges (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  txid TEXT NOT NULL UNIQUE,
  brl_amount NUMERIC(78, 0) NOT NULL CHECK (brl_amount > 0),
  usdc_amount NUMERIC(78, 0) NOT NULL CHECK (usdc_amount > 0),
  fee_usdc NUMERIC(78, 0) NOT NULL CHECK (fee_usdc >= 0),
  rate_micro_usd NUMERIC(78, 0) NOT NULL,
  br_code TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'expired')),
  expires_at TIMESTAMPTZ NOT NULL,
  paid_at TIMESTAMPTZ,
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX pix_charges_account ON pix_charges (account_id, created_at DESC);

-- Incoming bank transfers to an account's virtual USD and EUR details.
CREATE TABLE bank_transfers_in (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  provider_reference TEXT NOT NULL UNIQUE,
  rail TEXT NOT NULL CHECK (rail IN ('ach', 'wire', 'sepa')),
  currency TEXT NOT NULL CHECK (currency IN ('USD', 'EUR')),
  amount_minor NUMERIC(78, 0) NOT NULL CHECK (amount_minor > 0),
  sender_name TEXT NOT NULL,
  third_party BOOLEAN NOT NULL,
  usdc_amount NUMERIC(78, 0) NOT NULL,
  fee_usdc NUMERIC(78, 0) NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('credited', 'returned')),
  return_reason TEXT,
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX bank_transfers_in_account ON bank_transfers_in (account_id, created_at DESC);

-- Each account's virtual bank details at the bank-rails provider, issued on first view.
CREATE TABLE virtual_bank_accounts (
  account_id UUID PRIMARY KEY REFERENCES accounts (id),
  usd_account_number TEXT NOT NULL UNIQUE,
  iban TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
