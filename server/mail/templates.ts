/**
 * Every mail Cash sends, as a function of its variables. Plain text: it reads the same in every client and
 * carries no tracking. Links are absolute (`origin` + path).
 */
export const MAIL_TEMPLATES = {
  /** A company invites someone to join it. */
  invite: (v: { companyName: string; inviterName: string; role: string; link: string; expiresAt: string }) => ({
    subject: `${v.inviterName} invited you to ${v.companyName} on Cash`,
    body: `${v.inviterName} invited you to join ${v.companyName} on Cash as ${v.role}.\n\nAccept the invitation: ${v.link}\n\nThe link works once and expires on ${v.expiresAt}. If you did not expect this, ignore this e-mail.`,
  }),
  /** A code to verify the vault e-mail address. */
  vaultEmailCode: (v: { code: string; minutes: number }) => ({
    subject: `Your Cash verification code: ${v.code}`,
    body: `Enter this code in Cash to verify this address for statements and security notices: ${v.code}\n\nIt expires in ${v.minutes} minutes. If you did not ask for it, ignore this e-mail.`,
  }),
  /** A change to what the identity provider decided. */
  verificationUpdate: (v: { what: 'KYC' | 'KYB'; state: string; reason: string | null; link: string }) => ({
    subject: `Your ${v.what} verification: ${v.state}`,
    body: `Your ${v.what} verification is now: ${v.state}.${v.reason ? `\n\nReason: ${v.reason}` : ''}\n\nSee the details and what to do next: ${v.link}`,
  }),
} as const

export type MailTemplate = keyof typeof MAIL_TEMPLATES
export type MailVars<T extends MailTemplate> = Parameters<(typeof MAIL_TEMPLATES)[T]>[0]
