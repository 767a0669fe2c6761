-- The account's safe: owners, threshold and the salt that fix its counterfactual address; deployment on the
-- sandbox chain; recovery signers (2 of 3) and recoveries that hand the safe to an incoming owner after a delay.
CREATE TABLE safes (
  account_id UUID PRIMARY KEY REFERENCES accounts (id),
  address TEXT NOT NULL UNIQUE,
  owners JSONB NOT NULL,
  threshold INTEGER NOT NULL CHECK (threshold >= 1),
  salt_nonce NUMERIC(78, 0) NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('deploying', 'deployed')),
  deploy_tx_hash TEXT NOT NULL,
  deploy_block NUMERIC(78, 0) NOT NULL,
  created_by UUID REFERENCES users (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  deployed_at TIMESTAMPTZ
);

CREATE TABLE recovery_signers (
  account_id UUID NOT NULL REFERENCES accounts (id),
  kind TEXT NOT NULL CHECK (kind IN ('platform', 'third_party', 'holder')),
  address TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, kind)
);

CREATE TABLE recoveries (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  incoming_owner TEXT NOT NULL,
  approvals JSONB NOT NULL DEFAULT '[]',
  status TEXT NOT NULL CHECK (status IN ('collecting', 'scheduled', 'executed', 'cancelled')),
  executes_at TIMESTAMPTZ,
  requested_by UUID REFERENCES users (id),
  cancelled_by UUID REFERENCES users (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX recoveries_one_open ON recoveries (account_id) WHERE status IN ('collecting', 'scheduled');
