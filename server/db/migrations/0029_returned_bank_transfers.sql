-- An incoming bank transfer returned to its sender (a third party over the cap) moves no money, so it has no
-- journal; history shows it from its own row, read newest first per account like every history source.
CREATE INDEX bank_transfers_in_returned ON bank_transfers_in (account_id, created_at DESC, id DESC)
  WHERE status = 'returned';
