-- Cashback (issue 8): versioned cashback rules, campaigns with opt-ins, and one line per purchase and type.

-- Each change to a rule is a new version with the time it takes effect; a purchase reads the version in force
-- at its authorization time. A version that lowers or removes cashback is announced ahead (see domain/cashback.ts).
CREATE TABLE cashback_rules (
  id UUID PRIMARY KEY,
  rule_id UUID NOT NULL,
  version INTEGER NOT NULL CHECK (version > 0),
  name TEXT NOT NULL,
  category TEXT,
  merchant_name TEXT,
  starts_at TIMESTAMPTZ,
  ends_at TIMESTAMPTZ,
  bps INTEGER NOT NULL CHECK (bps >= 0 AND bps <= 1000),
  removed BOOLEAN NOT NULL DEFAULT false,
  effective_from TIMESTAMPTZ NOT NULL,
  created_by UUID NOT NULL REFERENCES users (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (rule_id, version)
);

CREATE TABLE cashback_campaigns (
  id UUID PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('splashback', 'triple_dip')),
  name TEXT NOT NULL,
  category TEXT,
  bps INTEGER NOT NULL DEFAULT 0 CHECK (bps >= 0 AND bps <= 1000),
  multiplier INTEGER NOT NULL DEFAULT 1 CHECK (multiplier >= 1 AND multiplier <= 5),
  starts_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL CHECK (ends_at > starts_at),
  requires_kyc BOOLEAN NOT NULL DEFAULT true,
  requires_active_card BOOLEAN NOT NULL DEFAULT true,
  personal_only BOOLEAN NOT NULL DEFAULT false,
  opt_in_required BOOLEAN NOT NULL DEFAULT false,
  total_cap NUMERIC(78, 0) NOT NULL CHECK (total_cap > 0),
  per_holder_cap NUMERIC(78, 0) NOT NULL CHECK (per_holder_cap > 0),
  payout_asset TEXT NOT NULL DEFAULT 'USDC' CHECK (payout_asset = 'USDC'),
  created_by UUID NOT NULL REFERENCES users (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE campaign_opt_ins (
  campaign_id UUID NOT NULL REFERENCES cashback_campaigns (id),
  account_id UUID NOT NULL REFERENCES accounts (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, account_id)
);

-- amount: what the purchase earned; clawed_back: what refunds took back (from the pending line, or from the
-- refund when the line was paid). A pending line is paid amount − clawed_back at payable_at, pool permitting.
CREATE TABLE cashback_lines (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  authorization_id UUID REFERENCES card_authorizations (id),
  type TEXT NOT NULL CHECK (type IN ('regular', 'promotion', 'referral')),
  campaign_id UUID REFERENCES cashback_campaigns (id),
  bps INTEGER NOT NULL,
  purchase_amount NUMERIC(78, 0) NOT NULL,
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  clawed_back NUMERIC(78, 0) NOT NULL DEFAULT 0 CHECK (clawed_back >= 0 AND clawed_back <= amount),
  state TEXT NOT NULL CHECK (state IN ('pending', 'paid', 'cancelled')),
  payable_at TIMESTAMPTZ NOT NULL,
  paid_at TIMESTAMPTZ,
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX cashback_lines_account ON cashback_lines (account_id, created_at DESC);
CREATE INDEX cashback_lines_authorization ON cashback_lines (authorization_id);
CREATE INDEX cashback_lines_due ON cashback_lines (payable_at) WHERE state = 'pending';
