-- Secrets an install makes for itself when the environment gives none (server/webhooks/install-secret.ts): a
-- development server's webhook signing key, made at random on its first start and kept here, so every process on
-- the database signs and checks with the same key across restarts, and nobody can read it from the source.
CREATE TABLE install_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
