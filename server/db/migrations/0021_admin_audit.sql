-- The admin audit log (issue 9): every admin action, who did it, when, and the record before and after.
-- Append-only: rows can be added, never changed or removed (TRUNCATE in tests is a whole-table reset).
CREATE TABLE admin_audit_log (
  id UUID PRIMARY KEY,
  actor_id UUID NOT NULL REFERENCES users (id),
  action TEXT NOT NULL,
  subject_type TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  reason TEXT,
  before JSONB,
  after JSONB,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_subject ON admin_audit_log (subject_type, subject_id, created_at DESC);
CREATE INDEX admin_audit_created ON admin_audit_log (created_at DESC);

CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only';
END;
$$;
CREATE TRIGGER admin_audit_log_no_change BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
