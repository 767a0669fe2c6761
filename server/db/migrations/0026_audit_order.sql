-- Audit lines written in the same instant keep the order they were written in (a sequence, not the random id).
ALTER TABLE admin_audit_log ADD COLUMN seq BIGSERIAL;
CREATE INDEX admin_audit_seq ON admin_audit_log (seq DESC);
