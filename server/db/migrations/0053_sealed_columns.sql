-- Which sealed columns the startup pass (server/security/seal-stored-pii.ts) has found wholly sealed under which
-- data key. Every write seals, so a column checked once under the current key stays sealed: a start reads a column
-- again only when it is new to the pass (a migration sealed it) or DATA_KEYS' current key changed (a rotation).
-- Before this, every start read every sealed column of every row, documents' contents included.
CREATE TABLE sealed_columns (
  name TEXT PRIMARY KEY,
  key_id TEXT NOT NULL,
  checked_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
