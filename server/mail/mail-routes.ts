import { z } from 'zod'
import { IsoDateTime } from '../../domain/api/common.schema'
import { escapeHtml } from '../http/html'
import { defineRoute } from '../http/route-table'
import { inlineStyle } from '../http/security-headers'
import type { Tx } from '../db/connect'

const MailView = z.object({
  id: z.uuid(),
  to: z.string(),
  template: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['queued', 'delivered', 'failed']),
  failureReason: z.string().nullable(),
  createdAt: IsoDateTime,
})
const MailQuery = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

async function latestMail(db: Tx, query: z.infer<typeof MailQuery>) {
  let q = db.selectFrom('mail_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(query.limit)
  if (query.to) q = q.where('to_address', '=', query.to.toLowerCase())
  return (await q.execute()).map((m) => ({
    id: m.id,
    to: m.to_address,
    template: m.template,
    subject: m.subject,
    body: m.body,
    status: m.status,
    failureReason: m.failure_reason,
    createdAt: m.created_at.toISOString(),
  }))
}

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)

/** The development outbox: what Cash "sent", for people (a page) and tests (JSON). Off in production. */
const OUTBOX_STYLE = inlineStyle(
  'body{font:16px/1.5 ' +
    'system-ui,sans-serif;max-width:50rem;margin:auto;padding:1rem;color:#111;background:#fff}pre{white-space:pre-wra' +
    'p;background:#f4f4f5;padding:.75rem}article{border-top:1px solid #ddd}@media ' +
    '(prefers-color-scheme:dark){body{color:#eee;background:#111}pre{background:#222}a{color:#8ab4ff}}',
)

export const mailRoutes = [
  defineRoute({
    method: 'get',
    path: '/sandbox/mail',
    summary: 'Mail Cash sent (the development outbox), newest first; `to` filters by address',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    query: MailQuery,
    response: z.object({ items: z.array(MailView) }),
    handler: async ({ db, query }) => ({ items: await latestMail(db, query) }),
  }),
  defineRoute({
    method: 'get',
    path: '/sandbox/mail.html',
    summary: 'The development outbox as a page',
    tag: 'sandbox',
    access: { kind: 'platform_admin' },
    sandbox: true,
    produces: 'html',
    query: MailQuery,
    response: z.string(),
    handler: async ({ db, deps, query }) => {
      const mails = await latestMail(db, query)
      const where = deps.config.SMTP_URL
        ? 'Each is also handed to the SMTP server SMTP_URL names.'
        : 'Nothing here leaves this machine.'
      const rows = mails
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p><strong>To</strong> ${escapeHtml(m.to)} ` +
            `· ${escapeHtml(m.createdAt)} ` +
            `· ${m.status}${m.failureReason ? `: ${escapeHtml(m.failureReason)}` : ''}</p><pre>${linkify(m.body)}` +
            `</pre></article>`,
        )
        .join('\n')
      return (
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
        `content="width=device-width,initial-scale=1"><title>Cash development ` +
        `outbox</title>${OUTBOX_STYLE}</head><body><h1>Development outbox</h1><p>${mails.length} ` +
        `mail(s), newest first. ${where}</p>${rows || '<p>No mail yet.</p>'}</body></html>`
      )
    },
  }),
]
