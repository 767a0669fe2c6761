-- Back office money (issue 9, part B): resolving failed recons, manual refunds with a second admin's approval
-- above $1,000, and holds an admin released or force-expired. Every action also writes admin_audit_log.

-- How a failed recon was resolved, by whom and why, and the journal it posted (if any).
ALTER TABLE failed_recons
  ADD COLUMN resolved_at TIMESTAMPTZ,
  ADD COLUMN resolved_by UUID REFERENCES users (id),
  ADD COLUMN resolution_reason TEXT,
  ADD COLUMN journal_id UUID,
  ADD COLUMN matched_authorization_id UUID REFERENCES card_authorizations (id),
  ADD COLUMN refund_account_id UUID REFERENCES accounts (id);
CREATE INDEX failed_recons_status ON failed_recons (status, created_at);

-- A hold an admin let go before its time: released (voided) or force-expired, with the admin and the reason.
ALTER TABLE holds
  ADD COLUMN admin_action TEXT CHECK (admin_action IN ('released', 'force_expired')),
  ADD COLUMN admin_id UUID REFERENCES users (id),
  ADD COLUMN admin_reason TEXT;

-- A refund the platform pays a holder out of its own pocket. Above the approval threshold it waits for a
-- second admin (never the one who asked); the journal is written only when it is posted.
CREATE TABLE manual_refunds (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  asset TEXT NOT NULL,
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  reason TEXT NOT NULL,
  transaction_ref TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending_approval', 'posted', 'rejected')),
  requested_by UUID NOT NULL REFERENCES users (id),
  decided_by UUID REFERENCES users (id),
  decision_reason TEXT,
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL,
  decided_at TIMESTAMPTZ,
  -- Refunds at or below the threshold post at once with no approver; an approval is never the requester's own
  -- (the requester may withdraw their own request by rejecting it).
  CHECK (status <> 'posted' OR decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX manual_refunds_status ON manual_refunds (status, created_at DESC);
CREATE INDEX manual_refunds_account ON manual_refunds (account_id, created_at DESC);
