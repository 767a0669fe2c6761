import { ActivityResponse, BalancesResponse } from '../../domain/api/account.schema'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'

/** Balances and recent activity of one account, from the ledger. */
export function useHome(accountId: string) {
  const { api } = useSession()
  return useResource(`home:${accountId}`, async (signal) => {
    const [balances, activity] = await Promise.all([
      api.get(`/accounts/${accountId}/balances`, BalancesResponse, signal),
      api.get(`/accounts/${accountId}/activity?limit=10`, ActivityResponse, signal),
    ])
    return { balances, activity }
  })
}
