-- An idempotent request's stored answer is replayed as it was first sent. `jsonb` keeps a document's values but
-- not its text: it orders an object's keys by length, so a retried deposit answered
-- {"asset":…,"amount":…,"balance":…,"journalId":…} where the first answer read {"journalId":…,"asset":…,…}. A client
-- that compares, hashes or signs the body it got saw two different answers to one request. `json` keeps the text
-- as written (server/http/idempotency.ts, server/http/idempotent-batch.ts); answers stored before keep jsonb's order.
ALTER TABLE idempotency_keys ALTER COLUMN response_body TYPE JSON USING response_body::json;
