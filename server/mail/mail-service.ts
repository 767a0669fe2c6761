import type { Deps } from '../http/route-table'
import { enqueue } from '../jobs/job-queue'
import type { Tx } from '../ledger/ledger-service'
import { MAIL_TEMPLATES, type MailTemplate, type MailVars } from './templates'

/**
 * Where mail leaves Cash. The outbox table is the record of what was sent; a transport hands it to a mail
 * provider. `outbox` keeps it there (development and tests read it at `/sandbox/mail`); a production
 * deployment plugs in its provider's transport here.
 */
export type MailTransport = { name: string; deliver(mail: { to: string; subject: string; body: string }): Promise<void> }
export const outboxTransport: MailTransport = { name: 'outbox', deliver: async () => undefined }

/** Queues a templated mail in the caller's transaction; the `mail.deliver` job hands it to the transport. */
export async function sendMail<T extends MailTemplate>(deps: Pick<Deps, 'newId' | 'now'>, db: Tx, to: string, template: T, vars: MailVars<T>): Promise<string> {
  const { subject, body } = (MAIL_TEMPLATES[template] as (v: MailVars<T>) => { subject: string; body: string })(vars)
  const id = deps.newId()
  await db.insertInto('mail_outbox').values({ id, to_address: to.toLowerCase(), template, subject, body, created_at: deps.now() }).execute()
  await enqueue(db, deps, { kind: 'mail.deliver', payload: { mailId: id }, runAt: deps.now() })
  return id
}

export async function deliverMail(deps: Deps, transport: MailTransport, mailId: string) {
  const mail = await deps.db.kysely.selectFrom('mail_outbox').selectAll().where('id', '=', mailId).executeTakeFirst()
  if (!mail || mail.status !== 'queued') return
  await transport.deliver({ to: mail.to_address, subject: mail.subject, body: mail.body })
  await deps.db.kysely.updateTable('mail_outbox').set({ status: 'delivered', delivered_at: deps.now() }).where('id', '=', mailId).execute()
}
