-- The admin audit log is chained by hash (issue 19, F6): each line carries the hash of the line before it and its
-- own, SHA-256 over that previous hash and the line's every field. Updates and deletes were already refused by a
-- trigger, but whoever owns the table can turn triggers off or truncate it; an edited, removed or inserted line now
-- breaks the chain, and the ledger check (server/ledger/ledger-check.ts, the admin dashboard's) recomputes it and
-- names the first line that does not match. Appends take an advisory lock, so lines chain one after another in
-- `seq` order with any number of processes.
ALTER TABLE admin_audit_log ADD COLUMN prev_hash TEXT, ADD COLUMN hash TEXT;

-- The text a line's hash is taken over: the previous hash, then every field quoted (NULL unquoted), comma-separated,
-- in a fixed form (JSONB prints its keys in one order on both databases; the time in UTC to the microsecond).
CREATE FUNCTION audit_line_hash(prev TEXT, l admin_audit_log) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws(',', quote_literal(prev), l.seq::text, quote_literal(l.id::text),
    quote_literal(l.actor_id::text),
    quote_literal(l.action), quote_literal(l.subject_type), quote_literal(l.subject_id), quote_nullable(l.reason),
      quote_nullable(l.before::text),
    quote_nullable(l.after::text), quote_literal(to_char(l.created_at AT TIME ZONE 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.US'))), 'UTF8')), 'hex')
$$;

CREATE FUNCTION admin_audit_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last TEXT;
BEGIN
  PERFORM pg_advisory_xact_lock(727277);
  SELECT hash INTO last FROM admin_audit_log ORDER BY seq DESC LIMIT 1;
  -- Numbered under the lock (not by the column's default, taken before it), so `seq` order is chain order.
  NEW.seq := nextval('admin_audit_log_seq_seq');
  NEW.prev_hash := coalesce(last, 'genesis');
  NEW.hash := audit_line_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END $$;

-- The lines written before this migration, chained in the order they were written.
DO $$
DECLARE
  line admin_audit_log;
  last TEXT := 'genesis';
BEGIN
  ALTER TABLE admin_audit_log DISABLE TRIGGER admin_audit_log_no_change;
  FOR line IN SELECT * FROM admin_audit_log ORDER BY seq LOOP
    line.hash := audit_line_hash(last, line);
    UPDATE admin_audit_log SET prev_hash = last, hash = line.hash WHERE id = line.id;
    last := line.hash;
  END LOOP;
  ALTER TABLE admin_audit_log ENABLE TRIGGER admin_audit_log_no_change;
END $$;

ALTER TABLE admin_audit_log ALTER COLUMN prev_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL;
CREATE TRIGGER admin_audit_log_chain BEFORE INSERT ON admin_audit_log FOR EACH ROW EXECUTE FUNCTION admin_audit_chain();
