-- Borrow: mode switches wait out the mode delay; interest accrues daily; unhealthy positions are liquidated;
-- sandbox prices are adjustable by admins.

CREATE TABLE account_mode_changes (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  to_mode TEXT NOT NULL CHECK (to_mode IN ('direct_pay', 'borrow')),
  effective_at TIMESTAMPTZ NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'applied', 'cancelled', 'refused')),
  reason TEXT,
  requested_by UUID REFERENCES users (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX account_mode_changes_one_pending ON account_mode_changes (account_id) WHERE status = 'pending';

-- One row per account and UTC day: interest is charged once a day on the debt at the end of the day.
-- `carry` keeps the fraction of a base unit (in units × 10,000 × 365) so rounding never adds up.
CREATE TABLE interest_accruals (
  account_id UUID NOT NULL REFERENCES accounts (id),
  day TEXT NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  debt NUMERIC(78, 0) NOT NULL,
  amount NUMERIC(78, 0) NOT NULL,
  carry NUMERIC(78, 0) NOT NULL,
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, day)
);

CREATE TABLE liquidations (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  trigger TEXT NOT NULL CHECK (trigger IN ('job', 'admin')),
  admin_user_id UUID REFERENCES users (id),
  debt_before NUMERIC(78, 0) NOT NULL,
  repaid NUMERIC(78, 0) NOT NULL,
  health_before_bps NUMERIC(78, 0) NOT NULL,
  health_after_bps NUMERIC(78, 0),
  sold JSONB NOT NULL,
  cancelled_withdrawal_id UUID,
  journal_id UUID NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX liquidations_account ON liquidations (account_id, created_at DESC);

CREATE TABLE asset_prices (
  asset TEXT PRIMARY KEY,
  usd_price NUMERIC(78, 0) NOT NULL CHECK (usd_price > 0),
  updated_by UUID REFERENCES users (id),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
