-- Identity checks gate card ordering: KYC of a person, KYB of a company (the forms arrive with issue 7).
ALTER TABLE users ADD COLUMN kyc_status TEXT NOT NULL DEFAULT 'not_started'
  CHECK (kyc_status IN ('not_started', 'submitted', 'in_review', 'approved', 'rejected', 'more_info_needed'));
ALTER TABLE users ADD COLUMN kyc_reason TEXT;
ALTER TABLE accounts ADD COLUMN kyb_status TEXT NOT NULL DEFAULT 'not_started'
  CHECK (kyb_status IN ('not_started', 'submitted', 'in_review', 'approved', 'rejected', 'more_info_needed'));
ALTER TABLE accounts ADD COLUMN kyb_reason TEXT;
-- Membership tier: how many cards an account may hold (domain/card-issuing.ts).
ALTER TABLE accounts ADD COLUMN tier TEXT NOT NULL DEFAULT 'standard' CHECK (tier IN ('standard', 'plus', 'premium'));

-- Physical cards: where they ship and how far they got. NULL shipping_status for virtual cards.
ALTER TABLE cards ADD COLUMN shipping_status TEXT CHECK (shipping_status IN ('ordered', 'shipped', 'delivered',
  'activated'));
ALTER TABLE cards ADD COLUMN shipping_address JSONB;
ALTER TABLE cards ADD COLUMN shipping_eta TIMESTAMPTZ;
ALTER TABLE cards ADD COLUMN shipped_at TIMESTAMPTZ;
ALTER TABLE cards ADD COLUMN delivered_at TIMESTAMPTZ;
ALTER TABLE cards ADD COLUMN activated_at TIMESTAMPTZ;
ALTER TABLE cards ADD COLUMN order_fee NUMERIC(78, 0) NOT NULL DEFAULT 0;
ALTER TABLE cards ADD COLUMN fee_journal_id UUID REFERENCES journals (id);

-- Incremental authorizations (hotels, fuel, rentals): each extra amount the network asked for, decided.
CREATE TABLE card_authorization_increments (
  id UUID PRIMARY KEY,
  authorization_id UUID NOT NULL REFERENCES card_authorizations (id),
  network_increment_id TEXT NOT NULL UNIQUE,
  amount NUMERIC(78, 0) NOT NULL CHECK (amount > 0),
  status TEXT NOT NULL CHECK (status IN ('approved', 'declined')),
  decline_reason TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX card_authorization_increments_auth ON card_authorization_increments (authorization_id, created_at);
