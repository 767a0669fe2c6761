-- A person's phone number and vault e-mail (with one waiting for its code) and the PIX key a payment went to (a CPF,
-- a phone number, an e-mail) are sealed at rest like bank numbers (server/security/seal-stored-pii.ts): SQL holds no
-- key, so the values stored before are sealed by the server's startup pass. A sealed phone no longer reads as E.164,
-- so its format is checked where it is typed (domain/api/settings.schema.ts), not by the column.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_phone_check;
