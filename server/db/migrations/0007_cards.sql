-- Cards. The full card number never reaches Cash's database: the issuer keeps it; we keep the last four.
CREATE TABLE cards (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  cardholder_user_id UUID NOT NULL REFERENCES users (id),
  kind TEXT NOT NULL CHECK (kind IN ('virtual', 'physical')),
  status TEXT NOT NULL CHECK (status IN ('active', 'frozen', 'cancelled')),
  status_reason TEXT,
  last4 TEXT NOT NULL,
  expiry_month INTEGER NOT NULL,
  expiry_year INTEGER NOT NULL,
  name_on_card TEXT NOT NULL,
  per_purchase_limit NUMERIC(78, 0),
  daily_limit NUMERIC(78, 0),
  monthly_limit NUMERIC(78, 0),
  blocked_categories JSONB NOT NULL DEFAULT '[]',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX cards_account ON cards (account_id);

-- Every authorization the card network asked about, approved or declined, and what became of it.
CREATE TABLE card_authorizations (
  id UUID PRIMARY KEY,
  network_id TEXT NOT NULL UNIQUE,
  card_id UUID NOT NULL REFERENCES cards (id),
  account_id UUID NOT NULL REFERENCES accounts (id),
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  merchant_name TEXT NOT NULL,
  merchant_city TEXT NOT NULL,
  mcc TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('approved', 'declined', 'cleared', 'reversed', 'expired', 'refunded')),
  decline_reason TEXT,
  hold_id UUID REFERENCES holds (id),
  cleared_amount NUMERIC(78, 0),
  refunded_amount NUMERIC(78, 0) NOT NULL DEFAULT 0,
  cancelled_withdrawal_id UUID,
  expires_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX card_authorizations_card ON card_authorizations (card_id, created_at DESC);
CREATE INDEX card_authorizations_account ON card_authorizations (account_id, created_at DESC);

-- Clearings that did not match their authorization: for admins to match, write off or refund.
CREATE TABLE failed_recons (
  id UUID PRIMARY KEY,
  network_id TEXT NOT NULL,
  authorization_id UUID REFERENCES card_authorizations (id),
  amount NUMERIC(78, 0) NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'matched', 'written_off', 'refunded')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A webhook's answer (the authorization decision), replayed to a network that retries.
ALTER TABLE provider_events ADD COLUMN result JSONB;
