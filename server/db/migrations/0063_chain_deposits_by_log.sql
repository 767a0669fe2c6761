-- A chain deposit is one transfer log, not one transaction: a transaction may pay a safe twice (a batch payout, a
-- router that splits a transfer), each transfer its own log. Keyed by its hash alone, the second transfer of such a
-- transaction was taken for a redelivery of the first and never credited. Now a deposit is (hash, log index), the
-- index as the indexer reports it (`logIndex` in `transfer.detected`). A detection without one (indexers before it,
-- the deposits recorded so far) has no index: NULLS NOT DISTINCT keeps one deposit per such hash, as before.
ALTER TABLE chain_deposits ADD COLUMN log_index INTEGER CHECK (log_index >= 0);
ALTER TABLE chain_deposits DROP CONSTRAINT chain_deposits_tx_hash_key;
ALTER TABLE chain_deposits ADD CONSTRAINT chain_deposits_tx_hash_log_index_key
  UNIQUE NULLS NOT DISTINCT (tx_hash, log_index);
