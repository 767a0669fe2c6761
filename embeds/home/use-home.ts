import { BalancesResponse } from '../../domain/api/account.schema'
import { HistoryResponse } from '../../domain/api/money-out.schema'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'

/** Balances, and recent activity from the same history source as the card pages and transaction history. */
export function useHome(accountId: string) {
  const { api } = useSession()
  return useResource(`home:${accountId}`, async (signal) => {
    const [balances, activity] = await Promise.all([
      api.get(`/accounts/${accountId}/balances`, BalancesResponse, signal),
      api.get(`/accounts/${accountId}/history?limit=8`, HistoryResponse, signal),
    ])
    return { balances, activity }
  })
}
