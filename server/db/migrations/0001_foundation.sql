-- Foundation: users, accounts, sessions, the ledger, holds and idempotency.
-- One schema for PGlite and PostgreSQL (15+). Money is NUMERIC(78,0) base units.

CREATE TABLE users (
  id UUID PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  name TEXT NOT NULL,
  platform_role TEXT NOT NULL DEFAULT 'user' CHECK (platform_role IN ('user', 'admin')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
  id UUID PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('personal', 'corporate')),
  name TEXT NOT NULL,
  safe_address TEXT UNIQUE,
  mode TEXT NOT NULL DEFAULT 'direct_pay' CHECK (mode IN ('direct_pay', 'borrow')),
  time_zone TEXT NOT NULL DEFAULT 'UTC',
  daily_limit NUMERIC(78, 0) NOT NULL CHECK (daily_limit >= 0),
  monthly_limit NUMERIC(78, 0) NOT NULL CHECK (monthly_limit >= 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (daily_limit <= monthly_limit)
);

CREATE TABLE account_members (
  account_id UUID NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('holder', 'owner', 'admin', 'member')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, user_id)
);
CREATE INDEX account_members_user ON account_members (user_id);

-- A session row stores only the SHA-256 of its token.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  transport TEXT NOT NULL CHECK (transport IN ('cookie', 'bearer')),
  csrf_token TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Failures are counted per e-mail whether or not a user has it, so lock-out reveals nothing.
CREATE TABLE sign_in_failures (
  email TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  locked_until TIMESTAMPTZ,
  last_failure_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start TIMESTAMPTZ NOT NULL,
  hits INTEGER NOT NULL
);

-- Ledger accounts. `normal` is the side that increases the balance; `no_overdraft` makes the database refuse
-- a posting that would take the balance (net of pending reservations) below zero.
CREATE TABLE ledger_accounts (
  id UUID PRIMARY KEY,
  account_id UUID REFERENCES accounts (id) ON DELETE RESTRICT,
  code TEXT NOT NULL,
  asset TEXT NOT NULL,
  normal TEXT NOT NULL CHECK (normal IN ('debit', 'credit')),
  no_overdraft BOOLEAN NOT NULL,
  debits_posted NUMERIC(78, 0) NOT NULL DEFAULT 0,
  credits_posted NUMERIC(78, 0) NOT NULL DEFAULT 0,
  debits_pending NUMERIC(78, 0) NOT NULL DEFAULT 0,
  credits_pending NUMERIC(78, 0) NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (account_id, code, asset),
  CHECK (NOT no_overdraft OR normal <> 'credit' OR debits_posted + debits_pending <= credits_posted),
  CHECK (NOT no_overdraft OR normal <> 'debit' OR credits_posted + credits_pending <= debits_posted)
);

CREATE TABLE journals (
  id UUID PRIMARY KEY,
  kind TEXT NOT NULL,
  account_id UUID REFERENCES accounts (id),
  description TEXT NOT NULL,
  reference TEXT,
  hold_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX journals_account ON journals (account_id, created_at DESC);

CREATE TABLE entries (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  journal_id UUID NOT NULL REFERENCES journals (id),
  ledger_account_id UUID NOT NULL REFERENCES ledger_accounts (id),
  asset TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('debit', 'credit')),
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0)
);
CREATE INDEX entries_journal ON entries (journal_id);
CREATE INDEX entries_ledger_account ON entries (ledger_account_id);

-- A journal must balance per asset and have at least two entries; checked at commit, so no code path
-- (nor a hand-written INSERT) can leave an unbalanced journal behind.
CREATE FUNCTION check_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  jid UUID;
BEGIN
  IF TG_TABLE_NAME = 'journals' THEN
    jid := NEW.id;
  ELSE
    jid := NEW.journal_id;
  END IF;
  IF (SELECT count(*) FROM entries WHERE journal_id = jid) < 2 THEN
    RAISE EXCEPTION 'unbalanced_journal: journal % has fewer than two entries', jid USING ERRCODE = '23514';
  END IF;
  IF EXISTS (
    SELECT 1 FROM entries WHERE journal_id = jid GROUP BY asset
    HAVING sum(CASE side WHEN 'debit' THEN amount ELSE -amount END) <> 0
  ) THEN
    RAISE EXCEPTION 'unbalanced_journal: journal % does not balance', jid USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER entries_balanced AFTER INSERT OR UPDATE ON entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_journal_balanced();
CREATE CONSTRAINT TRIGGER journals_have_entries AFTER INSERT ON journals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_journal_balanced();

-- Posted history is append-only.
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'append_only: % rows cannot be changed', TG_TABLE_NAME USING ERRCODE = '23514';
END $$;
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- Two-phase transfers: a hold reserves `amount` (pending), then is posted (fully or partly), voided or expired.
CREATE TABLE holds (
  id UUID PRIMARY KEY,
  kind TEXT NOT NULL,
  account_id UUID REFERENCES accounts (id),
  debit_ledger_account_id UUID NOT NULL REFERENCES ledger_accounts (id),
  credit_ledger_account_id UUID NOT NULL REFERENCES ledger_accounts (id),
  asset TEXT NOT NULL,
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  posted_amount NUMERIC(78, 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'posted', 'voided', 'expired')),
  description TEXT NOT NULL,
  reference TEXT,
  expires_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  resolved_at TIMESTAMPTZ
);
CREATE INDEX holds_pending ON holds (expires_at) WHERE status = 'pending';
CREATE INDEX holds_account ON holds (account_id, status);

-- A money-moving request's key, written in the same transaction as its effect.
CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  -- Filled before the transaction commits; a concurrent request with the same key waits on the row lock.
  response_status INTEGER,
  response_body JSONB,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
