-- Rewards (issue 8 remainder): summer-mint and membership-rewards as admin-run campaigns, a payout date per
-- campaign (promotion cashback is paid then, after the window), and vault APY changes with daily snapshots.

ALTER TABLE cashback_campaigns DROP CONSTRAINT cashback_campaigns_kind_check;
ALTER TABLE cashback_campaigns ADD CONSTRAINT cashback_campaigns_kind_check CHECK (kind IN ('splashback', 'triple_dip',
  'summer_mint', 'membership_rewards'));
-- summer_mint: the qualifying spend inside the window that mints the badge (USDC base units).
ALTER TABLE cashback_campaigns ADD COLUMN spend_goal NUMERIC(78, 0) CHECK (spend_goal IS NULL OR spend_goal > 0);
-- membership_rewards: what each tier may claim once per calendar month, {"core": "0", "luxe": "5000000", ...}.
ALTER TABLE cashback_campaigns ADD COLUMN tier_rewards JSONB;
-- When the campaign's promotion cashback is paid; null = the window's end + 14 days. Never before the end.
ALTER TABLE cashback_campaigns ADD COLUMN payout_at TIMESTAMPTZ;
ALTER TABLE cashback_campaigns ADD CONSTRAINT cashback_campaigns_payout_after_end CHECK (payout_at IS NULL
  OR payout_at >= ends_at);

-- A badge belongs to one summer-mint campaign (one per holder and campaign).
ALTER TABLE summer_mint_badges ADD COLUMN campaign_id UUID REFERENCES cashback_campaigns (id);
ALTER TABLE summer_mint_badges DROP CONSTRAINT summer_mint_badges_pkey;
CREATE UNIQUE INDEX summer_mint_badges_campaign ON summer_mint_badges (account_id, campaign_id);
ALTER TABLE membership_reward_claims ADD COLUMN campaign_id UUID REFERENCES cashback_campaigns (id);

-- Each APY change of a Liquid vault: from `effective_from` the share price grows at `apy_bps` from
-- `share_price` (the price reached at that instant under the previous rate). Before any change the vault
-- grows at its built-in APY from share price 1 at the epoch (domain/grow.ts).
CREATE TABLE vault_apy_changes (
  id UUID PRIMARY KEY,
  vault TEXT NOT NULL CHECK (vault IN ('usd', 'eth')),
  apy_bps INTEGER NOT NULL CHECK (apy_bps >= 0 AND apy_bps <= 5000),
  share_price NUMERIC(78, 0) NOT NULL CHECK (share_price > 0),
  effective_from TIMESTAMPTZ NOT NULL,
  changed_by UUID NOT NULL REFERENCES users (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX vault_apy_changes_vault ON vault_apy_changes (vault, effective_from);

-- One snapshot per vault and UTC day (taken by the daily job, back-filled at seed): the history chart.
CREATE TABLE vault_snapshots (
  vault TEXT NOT NULL CHECK (vault IN ('usd', 'eth')),
  day TEXT NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  share_price NUMERIC(78, 0) NOT NULL,
  apy_bps INTEGER NOT NULL,
  taken_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (vault, day)
);
