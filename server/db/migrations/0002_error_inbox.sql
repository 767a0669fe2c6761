-- Client error reports kept locally when no Sentry DSN is configured; admins read them.
CREATE TABLE error_inbox (
  id UUID PRIMARY KEY,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  event_id TEXT,
  item_types TEXT NOT NULL,
  summary TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  envelope BYTEA NOT NULL
);
CREATE INDEX error_inbox_received ON error_inbox (received_at DESC);
