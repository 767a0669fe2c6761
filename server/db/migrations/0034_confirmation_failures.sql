-- Wrong passwords given to confirm a payment, a withdrawal or a card's details, per person (server/auth/confirm.ts).
-- Sign-in's lockout did not cover them: 40 wrong guesses on the card-details confirmation, then the right one,
-- showed the card number and CVV. After MAX_FAILED_CONFIRMATIONS in a row (domain/auth-rules.ts) confirming is
-- paused until `locked_until`; the row is written after the refused request has rolled back, so it stays.
CREATE TABLE confirmation_failures (
  user_id UUID PRIMARY KEY REFERENCES users (id),
  failures INTEGER NOT NULL,
  last_failure_at TIMESTAMPTZ NOT NULL,
  locked_until TIMESTAMPTZ
);
