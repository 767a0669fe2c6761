import { messageKey } from '../error-message'
import { ReferralCodeField } from './membership.schema'
import { z } from 'zod'
import { IsoDateTime } from './common.schema'
import { plainName } from '../plain-name'

export const PASSWORD_MIN = 10

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: messageKey('email_format') }))

export const SignInBody = z
  .object({
    email: Email,
    password: z.string().min(1, messageKey('enter_password')).max(200, messageKey('password_too_long')),
    /** `native` hosts get a bearer token in the body instead of a cookie. */
    client: z.enum(['web', 'native']).default('web'),
  })
  .meta({ id: 'SignInBody' })
export type SignInBody = z.infer<typeof SignInBody>

/** A new password: the one rule sign-up, a reset and a change share (the page checks it with this schema too). */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN, messageKey('password_weak'))
  .max(200, messageKey('password_too_long'))

/** A person's own name, as sign-up and the profile take it: one line, 1–120 characters once trimmed. */
export const PersonName = z
  .string()
  .trim()
  .min(1, messageKey('enter_name'))
  .max(120, messageKey('at_most_120_characters'))
  .check(plainName)

export const SignUpBody = z
  .object({
    name: PersonName,
    email: Email,
    password: NewPassword,
    client: z.enum(['web', 'native']).default('web'),
    /** An invitation for this e-mail: the permission to sign up while sign-ups are closed. */
    inviteToken: z.string().max(100).optional(),
    /** The code of the referral link the person signed up through (`?ref=`), if any. */
    referralCode: ReferralCodeField.optional(),
  })
  .meta({ id: 'SignUpBody' })
export type SignUpBody = z.infer<typeof SignUpBody>

export const MembershipSchema = z.object({
  accountId: z.uuid(),
  accountKind: z.enum(['personal', 'corporate']),
  accountName: z.string(),
  role: z.enum(['holder', 'owner', 'admin', 'member']),
})
export type Membership = z.infer<typeof MembershipSchema>

export const SessionResponse = z
  .object({
    user: z.object({
      id: z.uuid(),
      email: z.string(),
      name: z.string(),
      platformRole: z.enum(['user', 'admin']),
    }),
    memberships: z.array(MembershipSchema),
    /** The language the user chose in their profile (`en`, `pt-BR`); null or absent: follow the device. */
    language: z.enum(['en', 'pt-BR']).nullable().optional(),
    /** Present only for `client: "native"`: send as `Authorization: Bearer <token>`. */
    token: z.string().optional(),
    /**
     * Present only for `client: "native"`, once: the session's secret for answering confirmation challenges
     * (domain/host-confirmation.ts). The host keeps it behind the biometric check; never hand it to a webview.
     */
    confirmSecret: z.string().optional(),
    /** Echo of the CSRF token a web page sends back as `X-CSRF-Token` on mutations. */
    csrfToken: z.string().optional(),
  })
  .meta({ id: 'Session' })
export type SessionResponse = z.infer<typeof SessionResponse>

/** The language mail to this person is written in when their profile names none: the page's. */
const MailLanguage = z.enum(['en', 'pt-BR'])

/** Asking for a password reset link. The answer is the same whether or not an account has the address. */
export const PasswordResetRequestBody = z
  .object({ email: Email, language: MailLanguage.optional() })
  .meta({ id: 'PasswordResetRequestBody' })
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBody>

export const PasswordResetRequested = z.object({ requested: z.literal(true) }).meta({ id: 'PasswordResetRequested' })

const ResetToken = z
  .string()
  .trim()
  .min(20, messageKey('reset_link_incomplete'))
  .max(100, messageKey('reset_link_incomplete'))

/** The token of a reset link (from the e-mail), to see whether it still works. */
export const PasswordResetTokenBody = z.object({ token: ResetToken }).meta({ id: 'PasswordResetTokenBody' })
/** A reset link that still works: whose it is, and until when. */
export const PasswordResetLink = z
  .object({ email: z.string(), expiresAt: IsoDateTime })
  .meta({ id: 'PasswordResetLink' })

/** Choosing the new password through a reset link. */
export const PasswordResetBody = z
  .object({ token: ResetToken, password: NewPassword })
  .meta({ id: 'PasswordResetBody' })
export type PasswordResetBody = z.infer<typeof PasswordResetBody>
/** The password is changed and every session of the account has ended: sign in again with it. */
export const PasswordResetDone = z
  .object({ email: z.string(), signedOut: z.number().int() })
  .meta({ id: 'PasswordResetDone' })

/** Changing the password while signed in: the current one (`password`), then the new one. */
export const PasswordChangeBody = z
  .object({
    password: z.string().min(1, messageKey('enter_current_password')).max(200, messageKey('password_too_long')),
    newPassword: NewPassword,
    language: MailLanguage.optional(),
  })
  .meta({ id: 'PasswordChangeBody' })
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>
/** The password is changed; this session goes on and every other one has ended. */
export const PasswordChanged = z.object({ signedOutOthers: z.number().int() }).meta({ id: 'PasswordChanged' })

/** One signed-in session of the caller, for the list of devices. */
export const SessionListItem = z.object({
  id: z.uuid(),
  /** The session this request came with ("this device"). */
  current: z.boolean(),
  /** `cookie`: a web browser; `bearer`: the Cash app. */
  transport: z.enum(['cookie', 'bearer']),
  /** Read from the User-Agent it was made from ("Chrome", "macOS"); null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  createdAt: IsoDateTime,
  /** Its last use, to the minute. */
  lastSeenAt: IsoDateTime,
})
export const SessionList = z
  .object({
    sessions: z.array(SessionListItem),
    /** When a session ends by itself: unused for so long (web, app), or this long after sign-in whatever its use. */
    policy: z.object({ webIdleMinutes: z.number().int(), appIdleHours: z.number().int(), lifetimeHours: z.number() }),
  })
  .meta({ id: 'SessionList' })
export type SessionList = z.infer<typeof SessionList>
export const SessionParams = z.object({ sessionId: z.uuid(messageKey('not_session_id')) })
/** How many sessions a sign-out ended. */
export const SessionsEnded = z.object({ signedOut: z.number().int() }).meta({ id: 'SessionsEnded' })

/** A challenge a native host answers to confirm a money movement (single use, for this session only). */
export const ConfirmationChallengeResponse = z
  .object({ challengeId: z.uuid(), challenge: z.string(), expiresAt: IsoDateTime })
  .meta({ id: 'ConfirmationChallenge' })
export type ConfirmationChallengeResponse = z.infer<typeof ConfirmationChallengeResponse>
