-- Sensitive identifiers sealed at rest (issue 19, server/security/field-crypto.ts). SQL holds no key, so nothing is
-- sealed here: values stored before this migration are sealed by the server's startup pass
-- (server/security/seal-stored-pii.ts), which also fills the blind indexes below.

-- Virtual account numbers are sealed with a fresh IV each time, so equal numbers no longer look equal: uniqueness
-- and the incoming-transfer look-up move to a blind index (an HMAC of the number under a key of its own).
ALTER TABLE virtual_bank_accounts DROP CONSTRAINT IF EXISTS virtual_bank_accounts_usd_account_number_key;
ALTER TABLE virtual_bank_accounts DROP CONSTRAINT IF EXISTS virtual_bank_accounts_iban_key;
ALTER TABLE virtual_bank_accounts ADD COLUMN usd_account_number_index TEXT, ADD COLUMN iban_index TEXT;
CREATE UNIQUE INDEX virtual_bank_accounts_usd_account_number_index ON virtual_bank_accounts (usd_account_number_index);
CREATE UNIQUE INDEX virtual_bank_accounts_iban_index ON virtual_bank_accounts (iban_index);

-- An application's details (birth date, address, registration number…) become one sealed JSON text.
ALTER TABLE identity_applications ALTER COLUMN details TYPE TEXT USING details::text;

-- Bank numbers already kept in received bank events and in the sandbox's finished outbox: masked, as new ones are
-- (bank-receive.ts, bankEventsAtRest; providers.ts seals what waits in the outbox). Nothing reads them back.
UPDATE provider_events SET payload = payload
    || CASE WHEN jsonb_typeof(payload->'iban') = 'string' THEN jsonb_build_object('iban',
      '•••• ' || right(payload->>'iban', 4)) ELSE '{}'::jsonb END
    || CASE WHEN jsonb_typeof(payload->'accountNumber') = 'string' THEN jsonb_build_object('accountNumber',
      '•••• ' || right(payload->>'accountNumber', 4)) ELSE '{}'::jsonb END
  WHERE provider = 'bank' AND type = 'transfer.received';
UPDATE jobs SET payload = jsonb_set(payload, '{event,data}', payload #> '{event,data}'
    || CASE WHEN jsonb_typeof(payload #> '{event,data,iban}') = 'string' THEN jsonb_build_object('iban',
      '•••• ' || right(payload #>> '{event,data,iban}', 4)) ELSE '{}'::jsonb END
    || CASE WHEN jsonb_typeof(payload #> '{event,data,accountNumber}') = 'string'
      THEN jsonb_build_object('accountNumber', '•••• ' || right(payload #>> '{event,data,accountNumber}', 4))
      ELSE '{}'::jsonb END)
  WHERE kind = 'webhook.deliver' AND status <> 'pending' AND payload->>'provider' = 'bank'
    AND payload #>> '{event,type}' = 'transfer.received';
