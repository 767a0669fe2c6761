-- Mail leaves through SMTP (issue 19, server/mail/smtp-transport.ts). A mail the server refuses for good (a 5xx
-- reply to the envelope or the message), or one still undelivered when the job queue gives up, is `failed` with
-- the server's reply, so an operator can see why an invitation never arrived.
ALTER TABLE mail_outbox ADD COLUMN failed_at TIMESTAMPTZ, ADD COLUMN failure_reason TEXT;
