-- A refund takes back the referral cashback its purchase earned, as it takes back the purchase's own cashback. Before,
-- a referee's purchase cleared, refunded in full, still paid the referrer 1 % of it the next month. `clawed_back` is
-- how much of an accrual a refund took back: not paid yet, it is simply not paid; paid already, it is owed and kept
-- from the referrer's next payout, which moves it into `clawback_settled` (a payout of an accrual settles its
-- clawback too, having paid only the rest).
ALTER TABLE referral_accruals ADD COLUMN clawed_back NUMERIC(78, 0) NOT NULL DEFAULT 0;
ALTER TABLE referral_accruals ADD COLUMN clawback_settled NUMERIC(78, 0) NOT NULL DEFAULT 0;
ALTER TABLE referral_accruals ADD CONSTRAINT referral_accruals_clawback_range
  CHECK (0 <= clawback_settled AND clawback_settled <= clawed_back AND clawed_back <= amount);
