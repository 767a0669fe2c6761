-- Session policy and password reset (issue 19; docs/architecture-notes.md, "Sessions and roles").
-- A session now shows in the holder's list of devices: a public id to name it by (never the token's hash), the
-- browser or app it was made from, and when it was last used. `last_seen_at` is real (wall-clock) time, written at
-- most once a minute per session; a web session unused for SESSION_IDLE_MINUTES, or a native one for
-- SESSION_NATIVE_IDLE_HOURS, is over.
ALTER TABLE sessions
  ADD COLUMN public_id UUID NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  ADD COLUMN user_agent TEXT;
CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);

-- A password reset link. Only the SHA-256 of its token is stored; the token itself lives in the e-mail. A link
-- works once (`used_at`), until `expires_at`, and only while it is the person's latest (`superseded_at` is set on
-- the older ones when a new one is asked for). Rows are closed, never deleted: they are the record of resets.
CREATE TABLE password_resets (
  id UUID PRIMARY KEY,
  user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  superseded_at TIMESTAMPTZ
);
CREATE INDEX password_resets_open ON password_resets (user_id) WHERE used_at IS NULL AND superseded_at IS NULL;
