-- Membership tiers as PRODUCT.md names them (Core, Luxe, Pinnacle, VIP): they decide card counts now and
-- cashback and benefits with rewards.
ALTER TABLE accounts DROP CONSTRAINT accounts_tier_check;
UPDATE accounts SET tier = CASE tier WHEN 'plus' THEN 'luxe' WHEN 'premium' THEN 'pinnacle' ELSE 'core' END;
ALTER TABLE accounts ALTER COLUMN tier SET DEFAULT 'core';
ALTER TABLE accounts ADD CONSTRAINT accounts_tier_check CHECK (tier IN ('core', 'luxe', 'pinnacle', 'vip'));
