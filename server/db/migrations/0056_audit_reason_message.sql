-- An audit line's reason the server gives, not an admin, is a message as data (domain/error-message.ts) the back
-- office words in the admin's language: a refund's requester refused its approval wrote "A second admin must
-- approve refunds above $1,000" into `reason`, which a Portuguese page showed as written. It now writes
-- `{ "key": "refund_second_admin" }` into `reason_message`; `reason` stays an admin's own words.
--
-- The log is append-only and chained by hash (migration 0037), so lines already written are not rewritten: the
-- server reads that one English sentence as the key (server/audit/audit.ts). The hash takes the new field last, and
-- only when there is one (concat_ws skips NULL), so every line written before hashes as it did.
ALTER TABLE admin_audit_log ADD COLUMN reason_message JSONB;

CREATE OR REPLACE FUNCTION audit_line_hash(prev TEXT, l admin_audit_log) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws(',', quote_literal(prev), l.seq::text, quote_literal(l.id::text),
    quote_literal(l.actor_id::text),
    quote_literal(l.action), quote_literal(l.subject_type), quote_literal(l.subject_id), quote_nullable(l.reason),
      quote_nullable(l.before::text),
    quote_nullable(l.after::text), quote_literal(to_char(l.created_at AT TIME ZONE 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.US')), quote_literal(l.reason_message::text)), 'UTF8')), 'hex')
$$;
