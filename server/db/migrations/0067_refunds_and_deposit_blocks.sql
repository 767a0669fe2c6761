-- A refund takes back the referral cashback its purchase earned, as it takes back the purchase's own cashback. Before,
-- a referee's purchase cleared, refunded in full, still paid the referrer 1 % of it the next month. `clawed_back` is
-- how much of an accrual a refund took back: not paid yet, it is simply not paid; paid already, it is owed and kept
-- from the referrer's next payout, which moves it into `clawback_settled` (a payout of an accrual settles its
-- clawback too, having paid only the rest).
ALTER TABLE referral_accruals ADD COLUMN clawed_back NUMERIC(78, 0) NOT NULL DEFAULT 0;
ALTER TABLE referral_accruals ADD COLUMN clawback_settled NUMERIC(78, 0) NOT NULL DEFAULT 0;
ALTER TABLE referral_accruals ADD CONSTRAINT referral_accruals_clawback_range
  CHECK (0 <= clawback_settled AND clawback_settled <= clawed_back AND clawed_back <= amount);

-- A card refund is one refund, however often the network delivers it: it carries the network's own id for it
-- (`refundId`, as an increment carries `incrementId`), kept here before anything is paid, so the same refund sent
-- again under another event id (a retry, a replayed clearing file) pays nothing twice. Before, a partial refund
-- delivered twice was paid twice, as long as the two stayed within what the purchase cleared.
CREATE TABLE card_refunds (
  id UUID PRIMARY KEY,
  network_refund_id TEXT NOT NULL UNIQUE,
  authorization_id UUID REFERENCES card_authorizations (id),
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX card_refunds_authorization ON card_refunds (authorization_id);

-- A chain deposit keeps the hash of the block it was seen in, when the indexer says it (`blockHash`). A reorganization
-- may mine a transaction again at the same height, in another block, at another log index: the same transfer, which
-- its block number alone took for a second transfer of the transaction and credited twice.
ALTER TABLE chain_deposits ADD COLUMN block_hash TEXT CHECK (block_hash ~ '^0x[0-9a-f]{64}$');
