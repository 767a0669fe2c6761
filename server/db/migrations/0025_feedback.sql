-- Feedback from holders (issue 9, support): a 1–5 rating and a message, read by admins in the back office.
CREATE TABLE feedback (
  id UUID PRIMARY KEY,
  user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The account the sender acted on when they wrote (their first membership); NULL before they have one.
  account_id UUID REFERENCES accounts (id) ON DELETE SET NULL,
  rating SMALLINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
  message TEXT NOT NULL CHECK (char_length(message) BETWEEN 1 AND 2000),
  -- Where in the app the sender came from (a /app/cash path), when known.
  page TEXT CHECK (char_length(page) <= 200),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  read_at TIMESTAMPTZ
);
CREATE INDEX feedback_created ON feedback (created_at DESC);
-- The hourly rate limit counts a sender's recent messages.
CREATE INDEX feedback_user_created ON feedback (user_id, created_at DESC);
CREATE INDEX feedback_unread ON feedback (created_at) WHERE read_at IS NULL;
