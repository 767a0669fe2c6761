import { formatDate } from '../../domain/format-date'

/** A moment in a mail: the app's date-and-time style in the mail's language, in UTC and saying so (docs/dates.md). */
const mailTime = (at: Date, locale: 'en-US' | 'pt-BR') => `${formatDate(at, locale, 'dateTime', 'UTC')} UTC`

/**
 * Every mail Cash sends, as a function of its variables. Plain text: it reads the same in every client and
 * carries no tracking. Links are absolute (`origin` + path).
 */
export const MAIL_TEMPLATES = {
  /** A company invites someone to join it. */
  invite: (v: { companyName: string; inviterName: string; role: string; link: string; expiresAt: Date }) => ({
    subject: `${v.inviterName} invited you to ${v.companyName} on Cash`,
    body:
      `${v.inviterName} invited you to join ${v.companyName} on Cash ` +
      `as ${v.role}.\n\nAccept the invitation: ${v.link}\n\nThe link works once and expires ` +
      `on ${mailTime(v.expiresAt, 'en-US')}. If you did not expect this, ignore this e-mail.`,
  }),
  /** A code to verify the vault e-mail address. */
  vaultEmailCode: (v: { code: string; minutes: number }) => ({
    subject: `Your Cash verification code: ${v.code}`,
    body:
      `Enter this code in Cash to verify this address for statements and security notices: ${v.code}\n\nIt ` +
      `expires in ${v.minutes} minutes. If you did not ask for it, ignore this e-mail.`,
  }),
  /** A change to what the identity provider decided. */
  verificationUpdate: (v: { what: 'KYC' | 'KYB'; state: string; reason: string | null; link: string }) => ({
    subject: `Your ${v.what} verification: ${v.state}`,
    body:
      `Your ${v.what} verification is now: ${v.state}.${v.reason ? `\n\nReason: ${v.reason}` : ''}\n\nSee ` +
      `the details and what to do next: ${v.link}`,
  }),
  /**
   * A password reset link (server/auth/password-reset-service.ts), in the person's language: it opens the page that
   * takes a new password, works once, for `minutes`, and only while it is the latest one asked for.
   */
  passwordReset: (v: { link: string; minutes: number; language: 'en' | 'pt-BR' }) =>
    v.language === 'pt-BR'
      ? {
          subject: 'Redefina sua senha do Cash',
          body:
            `Recebemos um pedido para redefinir a senha da sua conta Cash. Escolha uma nova senha por este ` +
            `link:\n\n${v.link}\n\nO link funciona uma vez e vale por ${v.minutes} minutos; um pedido mais ` +
            `recente o substitui. Ao trocar a senha, todos os dispositivos conectados à sua conta são ` +
            `desconectados.\n\nSe não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.`,
        }
      : {
          subject: 'Reset your Cash password',
          body:
            `We were asked to reset the password of your Cash account. Choose a new password with this ` +
            `link:\n\n${v.link}\n\nThe link works once and for ${v.minutes} minutes; a newer request ` +
            `replaces it. Changing the password signs out every device signed in to your ` +
            `account.\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.`,
        },
  /**
   * The password was changed (a reset, or a change while signed in): a notice, with the way back if it was not them.
   */
  passwordChanged: (v: { at: Date; how: 'reset' | 'change'; resetLink: string; language: 'en' | 'pt-BR' }) =>
    v.language === 'pt-BR'
      ? {
          subject: 'A senha do seu Cash foi alterada',
          body:
            `A senha da sua conta Cash foi alterada ` +
            `em ${mailTime(v.at, 'pt-BR')} ${v.how === 'reset' ? 'por um link de redefinição' : 'nas configurações'}` +
            `. ${v.how === 'reset' ? 'Todos os dispositivos' : 'Todos os outros dispositivos'} conectados à sua ` +
            `conta foram desconectados.\n\nSe não foi você, redefina sua senha agora: ${v.resetLink}`,
        }
      : {
          subject: 'Your Cash password was changed',
          body:
            `The password of your Cash account was changed ` +
            `on ${mailTime(v.at, 'en-US')} ${v.how === 'reset' ? 'through a reset link' : 'in Settings'}. ` +
            `${v.how === 'reset' ? 'Every device' : 'Every other device'} signed in to your account was signed ` +
            `out.\n\nIf this was not you, reset your password now: ${v.resetLink}`,
        },
  /**
   * Confirming payments was paused after wrong passwords in a row (server/auth/confirm.ts): whoever typed them holds
   * a signed-in session, so the person hears of it by e-mail, with what to do if it was not them.
   */
  confirmationsPaused: (v: { failures: number; until: Date; language: 'en' | 'pt-BR' }) => {
    return v.language === 'pt-BR'
      ? {
          subject: 'Pausamos as confirmações no seu Cash',
          body:
            `Alguém digitou a senha errada ${v.failures} vezes seguidas para confirmar um ` +
            `pagamento ou ver os dados do cartão na sua conta Cash. Por segurança, as ` +
            `confirmações ficam pausadas até ${mailTime(v.until, 'pt-BR')}, mesmo com a senha ` +
            `certa.\n\nSe foi você, espere e tente de novo. Se não foi, troque sua senha ` +
            `agora em Configurações › Dados do perfil e saia de todos os outros dispositivos.`,
        }
      : {
          subject: 'We paused confirmations on your Cash account',
          body:
            `Someone entered a wrong password ${v.failures} times in a row to confirm a ` +
            `payment or reveal card details on your Cash account. To keep it safe, ` +
            `confirming is paused until ${mailTime(v.until, 'en-US')}, even with the right ` +
            `password.\n\nIf this was you, wait and try again. If it was not, change your ` +
            `password now in Settings › Profile details and sign out every other device.`,
        }
  },
} as const

export type MailTemplate = keyof typeof MAIL_TEMPLATES
export type MailVars<T extends MailTemplate> = Parameters<(typeof MAIL_TEMPLATES)[T]>[0]
