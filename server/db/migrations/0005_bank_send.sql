-- Saved bank recipients: typed in by hand (US or EU) or linked through Plaid (the holder's own accounts).
CREATE TABLE bank_recipients (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  region TEXT NOT NULL CHECK (region IN ('us', 'eu')),
  name TEXT NOT NULL,
  routing_number TEXT,
  account_number TEXT,
  iban TEXT,
  bic TEXT,
  source TEXT NOT NULL CHECK (source IN ('manual', 'plaid')),
  institution TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  removed_at TIMESTAMPTZ,
  CHECK ((region = 'us' AND routing_number IS NOT NULL AND account_number IS NOT NULL) OR (region = 'eu'
    AND iban IS NOT NULL))
);
CREATE INDEX bank_recipients_account ON bank_recipients (account_id) WHERE removed_at IS NULL;

-- Money sent to a recipient: leaves the account at once, then the rails settle or return it.
CREATE TABLE bank_sends (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  recipient_id UUID NOT NULL REFERENCES bank_recipients (id),
  currency TEXT NOT NULL CHECK (currency IN ('USD', 'EUR')),
  amount_usdc NUMERIC(78, 0) NOT NULL CHECK (amount_usdc > 0),
  fee_usdc NUMERIC(78, 0) NOT NULL CHECK (fee_usdc >= 0),
  fiat_amount_minor NUMERIC(78, 0) NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('processing', 'completed', 'returned')),
  return_reason TEXT,
  eta_at TIMESTAMPTZ NOT NULL,
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX bank_sends_account ON bank_sends (account_id, created_at DESC);
