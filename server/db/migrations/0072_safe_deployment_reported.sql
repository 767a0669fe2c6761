-- A safe's deployment transaction is what the chain reports, not what the server guesses. Creating a safe scheduled
-- the sandbox chain's `safe.deployed` event and stored the sandbox's made-up hash and block, in production too: the
-- holder was shown a deployment transaction no chain had, and the safe turned "deployed" by itself. Now a server
-- without the sandbox chain records the safe as deploying with no transaction yet, and the `safe.deployed` webhook
-- of the chain's indexer (signed, like every provider's) sets the hash and the block it reports.
ALTER TABLE safes ALTER COLUMN deploy_tx_hash DROP NOT NULL, ALTER COLUMN deploy_block DROP NOT NULL;
