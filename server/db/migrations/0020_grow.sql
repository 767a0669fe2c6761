-- Grow: conversion quotes (convert and weETH staking) and Liquid vault positions with their settlement queue.

-- A quote locks a rate for a short time; executing it posts one balanced journal. `kind` is `convert`
-- (spread charged) or `stake` (ETH → weETH at the price-book rate, no spread).
CREATE TABLE conversion_quotes (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  kind TEXT NOT NULL CHECK (kind IN ('convert', 'stake')),
  from_asset TEXT NOT NULL,
  to_asset TEXT NOT NULL,
  amount_in NUMERIC(78, 0) NOT NULL CHECK (amount_in > 0),
  gross_out NUMERIC(78, 0) NOT NULL,
  spread NUMERIC(78, 0) NOT NULL,
  amount_out NUMERIC(78, 0) NOT NULL CHECK (amount_out > 0),
  from_price NUMERIC(78, 0) NOT NULL,
  to_price NUMERIC(78, 0) NOT NULL,
  spread_bps INTEGER NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  executed_at TIMESTAMPTZ,
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX conversion_quotes_account ON conversion_quotes (account_id, created_at);

-- Shares of a Liquid vault an account owns; `cost_basis` is what those shares cost (for yield earned).
CREATE TABLE vault_positions (
  account_id UUID NOT NULL REFERENCES accounts (id),
  vault TEXT NOT NULL CHECK (vault IN ('usd', 'eth')),
  shares NUMERIC(78, 0) NOT NULL CHECK (shares >= 0),
  cost_basis NUMERIC(78, 0) NOT NULL CHECK (cost_basis >= 0),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, vault)
);

-- A withdrawal from a vault waits in the settlement queue; its shares leave the position at once and are
-- paid at the share price at settlement, or return to the position if cancelled while queued.
CREATE TABLE vault_withdrawals (
  id UUID PRIMARY KEY,
  account_id UUID NOT NULL REFERENCES accounts (id),
  vault TEXT NOT NULL CHECK (vault IN ('usd', 'eth')),
  shares NUMERIC(78, 0) NOT NULL CHECK (shares > 0),
  cost_basis NUMERIC(78, 0) NOT NULL,
  requested_amount NUMERIC(78, 0) NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'paid', 'cancelled')),
  settle_at TIMESTAMPTZ NOT NULL,
  paid_amount NUMERIC(78, 0),
  journal_id UUID,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX vault_withdrawals_account ON vault_withdrawals (account_id, created_at);
