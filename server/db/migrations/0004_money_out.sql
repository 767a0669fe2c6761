-- Crypto withdrawals: reserved at request, sent after the security delay, one pending per account.
CREATE TABLE withdrawals (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  asset TEXT NOT NULL,
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  fee NUMERIC(78, 0) NOT NULL CHECK (fee >= 0),
  destination TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('delayed', 'broadcast', 'confirmed', 'failed', 'cancelled', 'replaced')),
  hold_id UUID NOT NULL REFERENCES holds (id),
  tx_hash TEXT,
  failure_reason TEXT,
  release_at TIMESTAMPTZ NOT NULL,
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_account ON withdrawals (account_id, created_at DESC);
-- At most one withdrawal in its security delay per account.
CREATE UNIQUE INDEX withdrawals_one_pending ON withdrawals (account_id) WHERE status = 'delayed';

-- PIX payments: a quote with its locked rate, then the payment.
CREATE TABLE pix_payments (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  key_type TEXT NOT NULL,
  key_value TEXT NOT NULL,
  recipient_name TEXT NOT NULL,
  recipient_city TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('key', 'code')),
  txid TEXT,
  brl_amount NUMERIC(78, 0) NOT NULL CHECK (brl_amount > 0),
  usdc_amount NUMERIC(78, 0) NOT NULL,
  fee_usdc NUMERIC(78, 0) NOT NULL,
  rate_micro_usd NUMERIC(78, 0) NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('quoted', 'completed')),
  end_to_end_id TEXT,
  expires_at TIMESTAMPTZ NOT NULL,
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  completed_at TIMESTAMPTZ
);
CREATE INDEX pix_payments_account ON pix_payments (account_id, created_at DESC);
