-- Settings: profile details, the vault e-mail, and wallets linked by signature (SIWE).
ALTER TABLE users ADD COLUMN language TEXT CHECK (language IN ('en', 'pt-BR'));
ALTER TABLE users ADD COLUMN phone TEXT CHECK (phone ~ '^\+[1-9][0-9]{6,14}$');
-- The verified vault address in use; a new address waits in vault_email_codes until its code is entered.
ALTER TABLE users ADD COLUMN vault_email TEXT;
ALTER TABLE users ADD COLUMN vault_email_verified_at TIMESTAMPTZ;

-- One code per user: a new request replaces the old one. Only an HMAC of the code is stored.
CREATE TABLE vault_email_codes (
  user_id UUID PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  wrong_tries INTEGER NOT NULL DEFAULT 0,
  expires_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Single-use nonces with the exact message they were issued in. user_id is set for linking, NULL for sign-in.
CREATE TABLE siwe_nonces (
  nonce TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('link', 'sign_in')),
  user_id UUID REFERENCES users (id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  message TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((purpose = 'link') = (user_id IS NOT NULL))
);
CREATE INDEX siwe_nonces_expiry ON siwe_nonces (expires_at);

-- A wallet (EIP-55 address) links to one user; a user may link several.
CREATE TABLE linked_wallets (
  address TEXT PRIMARY KEY,
  user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX linked_wallets_user ON linked_wallets (user_id, created_at);
