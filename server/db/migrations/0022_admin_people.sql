-- Back office (issue 9, part A): account freezes and feature flags.
-- A frozen account: card purchases are declined (`account_frozen`), money out is refused, deposits still land.
ALTER TABLE accounts ADD COLUMN frozen_at TIMESTAMPTZ;
ALTER TABLE accounts ADD COLUMN frozen_reason TEXT;

-- A flag's state as an admin set it. A flag without a row has its default (domain/feature-flags.ts).
CREATE TABLE feature_flags (
  key TEXT PRIMARY KEY,
  description TEXT NOT NULL,
  enabled BOOLEAN NOT NULL,
  rollout_percent INTEGER NOT NULL CHECK (rollout_percent BETWEEN 0 AND 100),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One person forced on or off, whatever the flag's rollout says.
CREATE TABLE feature_flag_overrides (
  key TEXT NOT NULL,
  user_id UUID NOT NULL REFERENCES users (id),
  enabled BOOLEAN NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (key, user_id)
);
