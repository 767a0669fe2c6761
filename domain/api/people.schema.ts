import { messageKey } from '../error-message'
import { z } from 'zod'
import { COMPANY_ROLES } from '../people'
import { IsoDateTime } from './common.schema'

const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: messageKey('email_format') }))

export const CompanyRoleSchema = z.enum(COMPANY_ROLES, { error: messageKey('choose_role') })

export const PeopleParams = z.object({ accountId: z.uuid() })
export const PersonParams = z.object({ accountId: z.uuid(), userId: z.uuid() })
export const InvitationParams = z.object({ accountId: z.uuid(), invitationId: z.uuid() })

export const InviteBody = z.object({ email: Email, role: CompanyRoleSchema }).meta({ id: 'InviteBody' })
export type InviteBody = z.infer<typeof InviteBody>

export const ChangeRoleBody = z.object({ role: CompanyRoleSchema }).meta({ id: 'ChangeRoleBody' })

export const PersonView = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  joinedAt: IsoDateTime,
})
export type PersonView = z.infer<typeof PersonView>

export const InvitationView = z.object({
  id: z.uuid(),
  email: z.string(),
  role: CompanyRoleSchema,
  invitedBy: z.string(),
  expiresAt: IsoDateTime,
  expired: z.boolean(),
  createdAt: IsoDateTime,
})
export type InvitationView = z.infer<typeof InvitationView>

export const PeopleResponse = z
  .object({
    accountName: z.string(),
    /** The caller's own role, and the roles they may give (empty: the list is read-only for them). */
    yourRole: CompanyRoleSchema,
    assignableRoles: z.array(CompanyRoleSchema),
    people: z.array(PersonView),
    /** Pending invitations, expired ones included (flagged) until revoked or replaced. */
    invitations: z.array(InvitationView),
  })
  .meta({ id: 'People' })
export type PeopleResponse = z.infer<typeof PeopleResponse>

/** A token as it arrives in the link: 32 random bytes, base64url. */
export const InviteToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, messageKey('invitation_link_incomplete'))

export const InviteLookupQuery = z.object({ token: InviteToken })
/** What the token's holder may know before signing in: the company, the role, who invited, and for which e-mail. */
export const InviteLookupResponse = z
  .object({
    companyName: z.string(),
    role: CompanyRoleSchema,
    inviterName: z.string(),
    email: z.string(),
    expiresAt: IsoDateTime,
  })
  .meta({ id: 'InviteLookup' })
export type InviteLookupResponse = z.infer<typeof InviteLookupResponse>

export const AcceptInviteBody = z.object({ token: InviteToken }).meta({ id: 'AcceptInviteBody' })
export const AcceptInviteResponse = z
  .object({ accountId: z.uuid(), accountName: z.string(), role: CompanyRoleSchema })
  .meta({ id: 'AcceptedInvite' })
export type AcceptInviteResponse = z.infer<typeof AcceptInviteResponse>

export const WaitlistBody = z.object({ email: Email }).meta({ id: 'WaitlistBody' })
/** The same answer whether the e-mail was already on the list or not. */
export const WaitlistResponse = z.object({ onList: z.literal(true) }).meta({ id: 'WaitlistResponse' })
