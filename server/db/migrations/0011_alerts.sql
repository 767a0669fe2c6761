-- Alerts (issue 6): each member's own thresholds per account, with the state that makes every alert fire
-- once per crossing; the in-app notifications they produce; and the accounts whose balances moved since the
-- alerts were last evaluated (a movement marks its account in its own transaction; a job evaluates).
CREATE TABLE alert_settings (
  user_id UUID NOT NULL REFERENCES users (id),
  account_id UUID NOT NULL REFERENCES accounts (id),
  purchase_above NUMERIC(78, 0) CHECK (purchase_above > 0),
  daily_spend_above NUMERIC(78, 0) CHECK (daily_spend_above > 0),
  spendable_below NUMERIC(78, 0) CHECK (spendable_below > 0),
  -- Fired and waiting to re-arm: spendable went below the threshold / health below the warning level.
  spendable_low BOOLEAN NOT NULL DEFAULT false,
  health_low BOOLEAN NOT NULL DEFAULT false,
  -- The holder's local midnight of the day the daily-spend alert last fired.
  daily_alerted_for TIMESTAMPTZ,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, account_id)
);
CREATE INDEX alert_settings_account ON alert_settings (account_id);

-- One row per movement, never unique: a movement only inserts (it never waits on another's marker); the
-- evaluation job deletes an account's rows and evaluates once for all of them (jobs that find none skip).
CREATE TABLE alert_checks (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL,
  marked_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX alert_checks_account ON alert_checks (account_id);

CREATE TABLE notifications (
  id UUID PRIMARY KEY,
  -- Write order: notifications written at the same instant still list newest first.
  seq BIGINT GENERATED ALWAYS AS IDENTITY,
  user_id UUID NOT NULL REFERENCES users (id),
  account_id UUID NOT NULL REFERENCES accounts (id),
  kind TEXT NOT NULL CHECK (kind IN ('purchase_above', 'daily_spend_above', 'spendable_below', 'health_low')),
  amount NUMERIC(78, 0),
  threshold NUMERIC(78, 0),
  merchant TEXT,
  -- health_low: the health factor in basis points when it fired.
  health_bps NUMERIC(78, 0),
  -- One notification per user per event where the event has an id (a purchase's authorization).
  dedupe_key TEXT,
  read_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC, seq DESC);
CREATE UNIQUE INDEX notifications_dedupe ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL;
