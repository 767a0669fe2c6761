import type { Deps } from '../http/route-table'
import { enqueue, PermanentJobError, type JobRun } from '../jobs/job-queue'
import type { Tx } from '../db/connect'
import { MAIL_TEMPLATES, type MailTemplate, type MailVars } from './templates'

/**
 * Where mail leaves Cash. The outbox table is the record of what was sent; a transport hands it to a mail
 * server. `outbox` keeps it there (development and tests read it at `/sandbox/mail`); with `SMTP_URL` set,
 * `smtpTransport` (smtp-transport.ts) sends it. Every template goes through the same transport.
 */
export type MailTransport = {
  name: string
  deliver(mail: { id: string; to: string; subject: string; body: string }): Promise<void>
}
export const outboxTransport: MailTransport = { name: 'outbox', deliver: async () => undefined }

/** A transport's word that this mail will never be accepted (an SMTP 5xx to its envelope or content): no retry. */
export class MailRejectedError extends Error {
  override readonly name = 'MailRejectedError'
}

/** Queues a templated mail in the caller's transaction; the `mail.deliver` job hands it to the transport. */
export async function sendMail<T extends MailTemplate>(
  deps: Pick<Deps, 'newId' | 'now'>,
  db: Tx,
  to: string,
  template: T,
  vars: MailVars<T>,
): Promise<string> {
  const { subject, body } = (MAIL_TEMPLATES[template] as (v: MailVars<T>) => { subject: string; body: string })(vars)
  const id = deps.newId()
  await db
    .insertInto('mail_outbox')
    .values({ id, to_address: to.toLowerCase(), template, subject, body, created_at: deps.now() })
    .execute()
  await enqueue(db, deps, { kind: 'mail.deliver', payload: { mailId: id }, runAt: deps.now() })
  return id
}

/**
 * Hands a queued mail to the transport. A temporary failure (a 4xx, a server that cannot be reached) throws, and
 * the job queue retries it with backoff; a rejection, or a failure on the queue's last attempt, marks the mail
 * `failed` with the reason, so it is neither retried for ever nor left `queued` with nobody trying.
 */
export async function deliverMail(
  deps: Deps,
  transport: MailTransport,
  mailId: string,
  run: Pick<JobRun, 'attempt' | 'last'> = { attempt: 1, last: false },
) {
  const mail = await deps.db.kysely.selectFrom('mail_outbox').selectAll().where('id', '=', mailId).executeTakeFirst()
  if (mail?.status !== 'queued') return
  try {
    await transport.deliver({ id: mail.id, to: mail.to_address, subject: mail.subject, body: mail.body })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const rejected = error instanceof MailRejectedError
    if (rejected || run.last)
      await markFailed(deps, mailId, rejected ? reason : `gave up after ${run.attempt} attempts: ${reason}`)
    throw rejected ? new PermanentJobError(`mail ${mailId} rejected: ${reason}`) : error
  }
  await deps.db.kysely
    .updateTable('mail_outbox')
    .set({ status: 'delivered', delivered_at: deps.now() })
    .where('id', '=', mailId)
    .where('status', '=', 'queued')
    .execute()
}

async function markFailed(deps: Deps, mailId: string, reason: string) {
  await deps.db.kysely
    .updateTable('mail_outbox')
    .set({ status: 'failed', failed_at: deps.now(), failure_reason: reason.slice(0, 1000) })
    .where('id', '=', mailId)
    .where('status', '=', 'queued')
    .execute()
}
