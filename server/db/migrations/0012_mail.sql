-- Every e-mail Cash sends goes through this outbox, written in the same transaction as what it announces
-- (an invite mail exists only if the invite does). In development and tests it is also the inbox people and
-- tests read (`/sandbox/mail`, the dev mail page).
CREATE TABLE mail_outbox (
  id UUID PRIMARY KEY,
  to_address TEXT NOT NULL,
  template TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'delivered', 'failed')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  delivered_at TIMESTAMPTZ
);
CREATE INDEX mail_outbox_to ON mail_outbox (to_address, created_at DESC);
