import type { HeldAsset } from '../../domain/asset'
import { formatDate } from '../../domain/format-date'
import { formatAssetAmount } from '../../domain/money'
import { toPlainText } from '../../domain/plain-name'

/** A moment in a mail: the app's date-and-time style in the mail's language, in UTC and saying so (docs/dates.md). */
const mailTime = (at: Date, locale: 'en-US' | 'pt-BR') => `${formatDate(at, locale, 'dateTime', 'UTC')} UTC`

/** The languages a mail is written in: the person's own (`users.language`), English when they never chose. */
export type MailLanguage = 'en' | 'pt-BR'
/** A person's language as stored (null: never chosen), as the language of a mail to them. */
export const mailLanguage = (language: string | null | undefined): MailLanguage =>
  language === 'pt-BR' ? 'pt-BR' : 'en'

const ROLE_EN = { owner: 'an owner', admin: 'an admin', member: 'a member' } as const
const ROLE_PT_BR = { owner: 'proprietário', admin: 'administrador', member: 'membro' } as const
/** The verification outcomes that send a mail. */
export type MailedVerificationStatus = 'approved' | 'rejected' | 'more_info_needed'
const VERIFICATION_EN: Record<MailedVerificationStatus, string> = {
  approved: 'approved',
  rejected: 'rejected',
  more_info_needed: 'more information needed',
}
const VERIFICATION_PT_BR: Record<MailedVerificationStatus, string> = {
  approved: 'aprovada',
  rejected: 'recusada',
  more_info_needed: 'precisamos de mais informações',
}

/** The paragraph of a password notice naming the wallets it unlinked; nothing when there were none. */
const walletsUnlinkedEn = (addresses: string[]) =>
  addresses.length === 0
    ? ''
    : `\n\n${addresses.length === 1 ? 'This wallet was' : 'These wallets were'} unlinked from your account and no ` +
      `longer sign${addresses.length === 1 ? 's' : ''} you in: ${addresses.join(', ')}. To sign in with a wallet ` +
      `again, link it in Settings › Wallets with your new password.`
const walletsUnlinkedPtBr = (addresses: string[]) =>
  addresses.length === 0
    ? ''
    : `\n\n${addresses.length === 1 ? 'Esta carteira foi desconectada' : 'Estas carteiras foram desconectadas'} ` +
      `da sua conta e não ${addresses.length === 1 ? 'faz' : 'fazem'} mais o seu login: ${addresses.join(', ')}. ` +
      `Para entrar com uma carteira de novo, conecte-a em Configurações › Carteiras com a nova senha.`

/**
 * Every mail Cash sends, as a function of its variables. Plain text: it reads the same in every client and
 * carries no tracking. Links are absolute (`origin` + path). A name someone chose (or a reviewer's reason) goes in
 * through `toPlainText`: on one line, so it adds no paragraph to the body (a forged notice under Cash's name) or
 * line to the subject, and in its own order, so a bidi override cannot turn the text after it around.
 */
export const MAIL_TEMPLATES = {
  /**
   * A company invites someone to join it, in the language the invitee chose if they already have a Cash login, else
   * the one the inviter chose (server/people/invitation-service.ts).
   */
  invite: (v: {
    companyName: string
    inviterName: string
    role: 'owner' | 'admin' | 'member'
    link: string
    expiresAt: Date
    language: MailLanguage
  }) => {
    const [inviter, company] = [toPlainText(v.inviterName), toPlainText(v.companyName)]
    return v.language === 'pt-BR'
      ? {
          subject: `${inviter} convidou você para ${company} no Cash`,
          body:
            `${inviter} convidou você para entrar em ${company} no Cash ` +
            `como ${ROLE_PT_BR[v.role]}.\n\nAceite o convite: ${v.link}\n\nO link funciona uma vez e expira ` +
            `em ${mailTime(v.expiresAt, 'pt-BR')}. Se você não esperava este convite, ignore este e-mail.`,
        }
      : {
          subject: `${inviter} invited you to ${company} on Cash`,
          body:
            `${inviter} invited you to join ${company} on Cash ` +
            `as ${ROLE_EN[v.role]}.\n\nAccept the invitation: ${v.link}\n\nThe link works once and expires ` +
            `on ${mailTime(v.expiresAt, 'en-US')}. If you did not expect this, ignore this e-mail.`,
        }
  },
  /** A code to verify the vault e-mail address, in the language of the person who asked for it. */
  vaultEmailCode: (v: { code: string; minutes: number; language: MailLanguage }) =>
    v.language === 'pt-BR'
      ? {
          subject: `Seu código de verificação do Cash: ${v.code}`,
          body:
            `Digite este código no Cash para verificar este endereço para extratos e avisos de segurança: ` +
            `${v.code}\n\nEle expira em ${v.minutes} minutos. Se você não pediu, ignore este e-mail.`,
        }
      : {
          subject: `Your Cash verification code: ${v.code}`,
          body:
            `Enter this code in Cash to verify this address for statements and security notices: ${v.code}\n\nIt ` +
            `expires in ${v.minutes} minutes. If you did not ask for it, ignore this e-mail.`,
        },
  /**
   * A change to what the identity provider decided, in the applicant's language; `reason` is the reviewer's own words
   * (or the document asked for, already worded in that language), naming a beneficial owner when it is about one: on
   * one line, like every name in a mail, so neither adds a paragraph to the body.
   */
  verificationUpdate: (v: {
    what: 'KYC' | 'KYB'
    status: MailedVerificationStatus
    reason: string | null
    link: string
    language: MailLanguage
  }) => {
    const reason = v.reason ? toPlainText(v.reason) : ''
    return v.language === 'pt-BR'
      ? {
          subject: `Sua verificação ${v.what}: ${VERIFICATION_PT_BR[v.status]}`,
          body:
            `Sua verificação ${v.what} agora está: ${VERIFICATION_PT_BR[v.status]}.` +
            `${reason ? `\n\nMotivo: ${reason}` : ''}\n\nVeja os detalhes e o que fazer agora: ${v.link}`,
        }
      : {
          subject: `Your ${v.what} verification: ${VERIFICATION_EN[v.status]}`,
          body:
            `Your ${v.what} verification is now: ${VERIFICATION_EN[v.status]}.` +
            `${reason ? `\n\nReason: ${reason}` : ''}\n\nSee the details and what to do next: ${v.link}`,
        }
  },
  /**
   * A password reset link (server/auth/password-reset-service.ts), in the person's language: it opens the page that
   * takes a new password, works once, for `minutes`, and only while it is the latest one asked for.
   */
  passwordReset: (v: { link: string; minutes: number; language: MailLanguage }) =>
    v.language === 'pt-BR'
      ? {
          subject: 'Redefina sua senha do Cash',
          body:
            `Recebemos um pedido para redefinir a senha da sua conta Cash. Escolha uma nova senha por este ` +
            `link:\n\n${v.link}\n\nO link funciona uma vez e vale por ${v.minutes} minutos; um pedido mais ` +
            `recente o substitui. Ao trocar a senha, todos os dispositivos conectados à sua conta são ` +
            `desconectados e as carteiras conectadas a ela deixam de fazer o seu login.\n\nSe não foi você ` +
            `quem pediu, ignore este e-mail: sua senha continua a mesma.`,
        }
      : {
          subject: 'Reset your Cash password',
          body:
            `We were asked to reset the password of your Cash account. Choose a new password with this ` +
            `link:\n\n${v.link}\n\nThe link works once and for ${v.minutes} minutes; a newer request ` +
            `replaces it. Changing the password signs out every device signed in to your ` +
            `account and unlinks its wallets.\n\nIf you did not ask for this, ignore this e-mail: your ` +
            `password stays as it is.`,
        },
  /**
   * The password was changed (a reset, or a change while signed in): a notice, with the way back if it was not them.
   * It names the wallets the new password unlinked, so one the person never linked stands out.
   */
  passwordChanged: (v: {
    at: Date
    how: 'reset' | 'change'
    resetLink: string
    walletsUnlinked: string[]
    language: MailLanguage
  }) =>
    v.language === 'pt-BR'
      ? {
          subject: 'A senha do seu Cash foi alterada',
          body:
            `A senha da sua conta Cash foi alterada ` +
            `em ${mailTime(v.at, 'pt-BR')} ${v.how === 'reset' ? 'por um link de redefinição' : 'nas configurações'}` +
            `. ${v.how === 'reset' ? 'Todos os dispositivos' : 'Todos os outros dispositivos'} conectados à sua ` +
            `conta foram desconectados.${walletsUnlinkedPtBr(v.walletsUnlinked)}\n\n` +
            `Se não foi você, redefina sua senha agora: ${v.resetLink}`,
        }
      : {
          subject: 'Your Cash password was changed',
          body:
            `The password of your Cash account was changed ` +
            `on ${mailTime(v.at, 'en-US')} ${v.how === 'reset' ? 'through a reset link' : 'in Settings'}. ` +
            `${v.how === 'reset' ? 'Every device' : 'Every other device'} signed in to your account was signed ` +
            `out.${walletsUnlinkedEn(v.walletsUnlinked)}\n\n` +
            `If this was not you, reset your password now: ${v.resetLink}`,
        },
  /**
   * Confirming payments was paused after wrong passwords in a row (server/auth/confirm.ts): whoever typed them holds
   * a signed-in session, so the person hears of it by e-mail, with what to do if it was not them.
   */
  confirmationsPaused: (v: { failures: number; until: Date; language: MailLanguage }) => {
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
  /**
   * Someone removed from a company had a withdrawal of its money in its security delay: it was cancelled
   * (server/people/people-service.ts). They no longer read the company's withdrawals, so they hear of it here.
   */
  withdrawalCancelledOnLeaving: (v: {
    companyName: string
    amount: bigint
    asset: HeldAsset
    address: string
    language: MailLanguage
  }) => {
    const company = toPlainText(v.companyName)
    if (v.language === 'pt-BR') {
      const amount = formatAssetAmount(v.amount, v.asset, 'pt-BR')
      return {
        subject: `Seu saque de ${company} foi cancelado`,
        body:
          `O saque de ${amount} para ${v.address} que você pediu em ${company} foi cancelado antes de ser ` +
          `enviado, porque você não faz mais parte da empresa. Nada saiu da conta dela: o valor voltou a ficar ` +
          `disponível.\n\nSe o envio ainda for necessário, fale com um proprietário ou administrador de ${company}.`,
      }
    }
    const amount = formatAssetAmount(v.amount, v.asset, 'en-US')
    return {
      subject: `Your withdrawal from ${company} was cancelled`,
      body:
        `The withdrawal of ${amount} to ${v.address} you asked for on ${company} was cancelled before it was ` +
        `sent, because you are no longer part of the company. Nothing left its account: the amount is available ` +
        `again.\n\nIf it still needs to be sent, ask an owner or admin of ${company}.`,
    }
  },
} as const

export type MailTemplate = keyof typeof MAIL_TEMPLATES
export type MailVars<T extends MailTemplate> = Parameters<(typeof MAIL_TEMPLATES)[T]>[0]
