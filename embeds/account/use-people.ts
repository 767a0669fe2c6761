import { z } from 'zod'
import { InvitationView, PeopleResponse, PersonView, type InviteBody } from '../../domain/api/people.schema'
import type { CompanyRole } from '../../domain/people'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'

/** The company's people and invitations, and the changes an owner or admin makes to them. */
export function usePeople(accountId: string) {
  const { api } = useSession()
  const base = `/accounts/${accountId}`
  const people = useResource(`people:${accountId}`, (signal) => api.get(`${base}/members`, PeopleResponse, signal))
  const after = async (action: Promise<unknown>) => {
    await action
    people.reload()
  }
  return {
    people,
    invite: (body: InviteBody) => after(api.post(`${base}/invitations`, InvitationView, body)),
    revoke: (invitationId: string) =>
      after(api.request('DELETE', `${base}/invitations/${invitationId}`, z.object({ revoked: z.literal(true) }))),
    changeRole: (userId: string, role: CompanyRole) =>
      after(api.put(`${base}/members/${userId}/role`, PersonView, { role })),
    remove: (userId: string) =>
      after(
        api.request(
          'DELETE',
          `${base}/members/${userId}`,
          z.object({ removed: z.literal(true), frozenCards: z.number() }),
        ),
      ),
  }
}
