-- Plaid Link (sandbox) sessions: credentials, then MFA, then a single-use public token to exchange.
CREATE TABLE plaid_link_sessions (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  institution_id TEXT NOT NULL,
  stage TEXT NOT NULL CHECK (stage IN ('mfa', 'linked', 'exchanged')),
  public_token TEXT UNIQUE,
  expires_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
