import { ReferralCodeField } from './membership.schema'
import { z } from 'zod'

export const PASSWORD_MIN = 10

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter an e-mail address like name@example.com.' }))

export const SignInBody = z
  .object({
    email: Email,
    password: z.string().min(1, 'Enter your password.').max(200, 'That password is too long.'),
    /** `native` hosts get a bearer token in the body instead of a cookie. */
    client: z.enum(['web', 'native']).default('web'),
  })
  .meta({ id: 'SignInBody' })
export type SignInBody = z.infer<typeof SignInBody>

export const SignUpBody = z
  .object({
    name: z.string().trim().min(1, 'Enter your name.').max(120, 'Use at most 120 characters.'),
    email: Email,
    password: z
      .string()
      .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters for your password.`)
      .max(200, 'That password is too long.'),
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
    /** Echo of the CSRF token a web page sends back as `X-CSRF-Token` on mutations. */
    csrfToken: z.string().optional(),
  })
  .meta({ id: 'Session' })
export type SessionResponse = z.infer<typeof SessionResponse>
