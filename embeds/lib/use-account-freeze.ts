import { AdminAccountFreeze } from '../../domain/api/admin-people.schema'
import { useResource } from './use-resource'
import { useSession } from './session'

/** Whether Cash froze the account, since when and why: home says it, and every money-out flow opens on it. */
export function useAccountFreeze(accountId: string) {
  const { api } = useSession()
  return useResource(`freeze:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/freeze`, AdminAccountFreeze, signal),
  )
}
