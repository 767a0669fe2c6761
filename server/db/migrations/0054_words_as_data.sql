-- The last English the server wrote into columns a page shows becomes data the page words in its language.
--
-- Why a card is frozen or cancelled (domain/card-status-reason.ts): cards.status_reason held "Frozen by you.",
-- "Cancelled by Cash: <the admin's reason>" (empty when the admin gave none) and "Frozen: the cardholder left
-- <company>"; each is read back by its shape, anything else kept as a note.
CREATE FUNCTION card_status_reason_from_text(t TEXT, status TEXT) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  m TEXT[];
BEGIN
  IF t IS NULL OR status = 'active' THEN RETURN NULL; END IF;
  IF t = 'Frozen by you.' THEN RETURN jsonb_build_object('key', 'by_you', 'status', 'frozen'); END IF;
  IF t = 'Cancelled by you.' THEN RETURN jsonb_build_object('key', 'by_you', 'status', 'cancelled'); END IF;
  m := regexp_match(t, '^(Frozen|Cancelled) by Cash: (.*)$');
  IF m IS NOT NULL THEN
    RETURN jsonb_build_object('key', 'by_cash', 'status', CASE m[1] WHEN 'Frozen' THEN 'frozen' ELSE 'cancelled' END,
      'reason', m[2]);
  END IF;
  IF t = '' THEN RETURN jsonb_build_object('key', 'by_cash', 'status', status, 'reason', ''); END IF;
  m := regexp_match(t, '^Frozen: the cardholder left (.*)$');
  IF m IS NOT NULL THEN RETURN jsonb_build_object('key', 'left_company', 'company', m[1]); END IF;
  RETURN jsonb_build_object('key', 'note', 'text', t);
END $$;

ALTER TABLE cards ALTER COLUMN status_reason TYPE JSONB USING card_status_reason_from_text(status_reason, status);
DROP FUNCTION card_status_reason_from_text(TEXT, TEXT);

-- A recovery signer the holder gave no name of their own was stored with an English one ("Recovery partner
-- (sandbox)", "Your recovery key", and "Cash"): it now has none, and a page names it by its kind (domain/safe.ts).
ALTER TABLE recovery_signers ALTER COLUMN label DROP NOT NULL;
UPDATE recovery_signers SET label = NULL
WHERE (kind = 'platform' AND label = 'Cash') OR (kind = 'third_party' AND label = 'Recovery partner (sandbox)')
  OR (kind = 'holder' AND label = 'Your recovery key');

-- Why a verification stands where it does (domain/identity.ts VerificationReason): users.kyc_reason and
-- accounts.kyb_reason held, when more information was needed, the English name of the document asked for and, for a
-- beneficial owner's, " of <owner>" ("ID document (back) of Mona More"), which a Portuguese page showed inside its
-- own sentence. They become `{ key: 'document', document, owner }`; a reviewer's or provider's words stay theirs, as
-- a note.
CREATE FUNCTION verification_reason_from_text(t TEXT, status TEXT) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  d RECORD;
BEGIN
  IF t IS NULL THEN RETURN NULL; END IF;
  IF status = 'more_info_needed' THEN
    FOR d IN SELECT * FROM (VALUES ('id_front', 'ID document (front)'), ('id_back', 'ID document (back)'),
      ('passport', 'Passport'), ('selfie', 'Selfie'), ('certificate_of_incorporation', 'Certificate of incorporation'),
      ('proof_of_address', 'Proof of address')) AS labels (kind, label)
    LOOP
      IF t = d.label THEN RETURN jsonb_build_object('key', 'document', 'document', d.kind, 'owner', NULL); END IF;
      IF starts_with(t, d.label || ' of ') THEN
        RETURN jsonb_build_object('key', 'document', 'document', d.kind, 'owner', substr(t, length(d.label) + 5));
      END IF;
    END LOOP;
  END IF;
  RETURN jsonb_build_object('key', 'note', 'text', t);
END $$;

ALTER TABLE users ALTER COLUMN kyc_reason TYPE JSONB USING verification_reason_from_text(kyc_reason, kyc_status);
ALTER TABLE accounts ALTER COLUMN kyb_reason TYPE JSONB USING verification_reason_from_text(kyb_reason, kyb_status);
DROP FUNCTION verification_reason_from_text(TEXT, TEXT);
