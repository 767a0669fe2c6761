-- People (issue 7): invitations to join a company, and the waitlist for when sign-ups are closed.

-- An invitation stores only the SHA-256 of its token. One pending invitation per company and e-mail: inviting
-- again replaces it. Accepting flips `pending` to `accepted` with a conditional UPDATE, so it happens once.
CREATE TABLE invitations (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by UUID NOT NULL REFERENCES users (id),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked', 'replaced')),
  expires_at TIMESTAMPTZ NOT NULL,
  accepted_by UUID REFERENCES users (id),
  closed_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX invitations_one_pending ON invitations (account_id, email) WHERE status = 'pending';

-- Each e-mail once; a second sign-up to the list changes nothing and is answered the same.
CREATE TABLE waitlist (
  email TEXT PRIMARY KEY,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
