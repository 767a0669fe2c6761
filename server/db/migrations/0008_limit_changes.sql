-- A lowered spending limit waits out the limit delay, so purchases already approved still settle.
CREATE TABLE account_limit_changes (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  daily_limit NUMERIC(78, 0) NOT NULL,
  monthly_limit NUMERIC(78, 0) NOT NULL,
  effective_at TIMESTAMPTZ NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'applied', 'replaced')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX account_limit_changes_pending ON account_limit_changes (account_id) WHERE status = 'pending';
