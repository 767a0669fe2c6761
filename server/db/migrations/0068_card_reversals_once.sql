-- A partial card reversal is one reversal, however often the network delivers it: it carries the network's own id for
-- it (`reversalId`, as a refund carries `refundId`), kept here before the hold moves, so the same reversal sent again
-- under another event id (a retry) changes nothing. Before, a fuel pump's $100 pre-authorization lowered by $55 to the
-- $45 pumped, delivered twice, read the second $55 as more than was left and released the whole hold: the purchase
-- closed, its $45 clearing became a failed recon and the holder paid nothing.
CREATE TABLE card_reversals (
  id UUID PRIMARY KEY,
  network_reversal_id TEXT NOT NULL UNIQUE,
  authorization_id UUID REFERENCES card_authorizations (id),
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX card_reversals_authorization ON card_reversals (authorization_id);
