-- Membership points, tier changes, membership-rewards claims, the summer-mint badge and referrals (issue 8).

-- Every point movement: card spend (by cleared purchase), weETH holdings (by day), refunds (negative).
CREATE TABLE membership_points (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id),
  month text NOT NULL,
  points integer NOT NULL,
  reason text NOT NULL CHECK (reason IN ('card_spend', 'card_refund', 'weeth_holding')),
  reference text NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, reason, reference)
);
CREATE INDEX membership_points_account_month ON membership_points (account_id, month);

-- Every tier change: an upgrade at once, the monthly re-qualification, or an admin setting or removing VIP.
CREATE TABLE membership_tier_changes (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id),
  from_tier text NOT NULL,
  to_tier text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('upgrade', 'requalification', 'vip_set', 'vip_removed')),
  month text NOT NULL,
  points integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX membership_tier_changes_account ON membership_tier_changes (account_id, created_at);

-- One re-qualification per month (the job may run again after a restart).
CREATE TABLE membership_requalifications (
  month text PRIMARY KEY,
  accounts integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE membership_reward_claims (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id),
  month text NOT NULL,
  tier text NOT NULL,
  amount NUMERIC(78, 0) NOT NULL,
  journal_id uuid NOT NULL,
  claimed_by uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, month)
);

CREATE TABLE summer_mint_badges (
  account_id uuid PRIMARY KEY REFERENCES accounts(id),
  spent NUMERIC(78, 0) NOT NULL,
  earned_at timestamptz NOT NULL
);

CREATE TABLE referral_links (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  code text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_links_user ON referral_links (user_id, expires_at);

CREATE TABLE referrals (
  id uuid PRIMARY KEY,
  referrer_user_id uuid NOT NULL REFERENCES users(id),
  referee_user_id uuid NOT NULL UNIQUE REFERENCES users(id),
  link_id uuid NOT NULL REFERENCES referral_links(id),
  qualified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referrals_referrer ON referrals (referrer_user_id);

CREATE TABLE referral_payouts (
  id uuid PRIMARY KEY,
  referrer_user_id uuid NOT NULL REFERENCES users(id),
  account_id uuid NOT NULL REFERENCES accounts(id),
  amount NUMERIC(78, 0) NOT NULL,
  journal_id uuid NOT NULL,
  paid_month text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- 1 % of a referee's qualifying purchase, by earning month; payout_id once paid (small totals roll over).
CREATE TABLE referral_accruals (
  id uuid PRIMARY KEY,
  referral_id uuid NOT NULL REFERENCES referrals(id),
  referrer_user_id uuid NOT NULL REFERENCES users(id),
  authorization_id uuid NOT NULL UNIQUE REFERENCES card_authorizations(id),
  month text NOT NULL,
  amount NUMERIC(78, 0) NOT NULL,
  payout_id uuid REFERENCES referral_payouts(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_accruals_referrer ON referral_accruals (referrer_user_id, month);
