-- Host confirmations answer a server-issued challenge (issue 19; docs/architecture-notes.md, "Confirmation").
-- A native (bearer) session gets a confirmation secret at sign-in, returned once beside the token; the host keeps
-- it where only the biometric check releases it, and the webview it signs in never sees it. The server keeps it to
-- check HMACs (it cannot be hashed): alone it is worthless, since it answers only for its own session, whose token is
-- stored only as a SHA-256. Cookie sessions have none.
ALTER TABLE sessions ADD COLUMN confirm_secret TEXT;

-- A challenge: 32 random bytes, for one session, answered once (`used_at`) before `expires_at`. Rows go with their
-- session (ON DELETE CASCADE); the application never deletes them itself.
CREATE TABLE confirmation_challenges (
  id UUID PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  challenge TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);
CREATE INDEX confirmation_challenges_session ON confirmation_challenges (session_id);
