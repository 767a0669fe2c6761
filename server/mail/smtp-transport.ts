import nodemailer, { type NodemailerError } from 'nodemailer'
import { MailRejectedError, type MailTransport } from './mail-service'

/**
 * How long one delivery may wait on the mail server, well under JOB_LOCK_SECONDS (60 s): a send still hanging
 * when its job's claim runs out would be sent again by another process. A query in SMTP_URL overrides them.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, dnsTimeout: 10_000, socketTimeout: 20_000 }

/** Errors about this mail (its sender, its recipient, its content), not about the server, the network or our login. */
const ABOUT_THE_MAIL = new Set(['EENVELOPE', 'EMESSAGE'])

/**
 * Sends mail through the SMTP server `url` names (`smtp://` upgrades with STARTTLS when the server offers it,
 * `smtps://` is TLS from the first byte), from `from`, one connection per mail. A permanent reply (5xx) to the
 * envelope or the message is a `MailRejectedError`; everything else (4xx, refused or dropped connections,
 * timeouts, a failed login) is thrown as it came, for the job queue to retry.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...TIMEOUTS })
  // The Message-ID is the outbox row's: a mail sent again after an unrecorded success is recognisably the same.
  const domain = /@([^@\s>]+)>?\s*$/.exec(from)?.[1] ?? 'cash.invalid'
  return {
    name: 'smtp',
    deliver: async (mail) => {
      try {
        await transporter.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.body,
          messageId: `<${mail.id}@${domain}>`,
          // RFC 3834: out-of-office replies and other robots do not answer it.
          headers: { 'Auto-Submitted': 'auto-generated' },
        })
      } catch (error) {
        const smtp = error as NodemailerError
        if (smtp.permanent && smtp.code && ABOUT_THE_MAIL.has(smtp.code))
          throw new MailRejectedError(`${smtp.command ?? 'SMTP'}: ${smtp.response ?? smtp.message}`)
        throw error
      }
    },
  }
}
