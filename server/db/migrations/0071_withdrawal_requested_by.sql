-- Who asked for a withdrawal: removing them from the company (or making them a member, who sends nothing) cancels
-- the one still in its security delay, and one whose requester may no longer send when the delay ends is not sent.
-- Withdrawals requested before keep no requester: they are sent as they were.
ALTER TABLE withdrawals ADD COLUMN requested_by UUID REFERENCES users (id);
