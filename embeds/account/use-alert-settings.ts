import { AlertSettingsResponse } from '../../domain/api/alerts.schema'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'

/** The signed-in member's own alert thresholds on an account, and how to save them. */
export function useAlertSettings(accountId: string) {
  const { api } = useSession()
  const resource = useResource(`alert-settings:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/alert-settings`, AlertSettingsResponse, signal),
  )
  const save = (body: Partial<Record<'purchaseAbove' | 'dailySpendAbove' | 'spendableBelow', string | null>>) =>
    api.request('PUT', `/accounts/${accountId}/alert-settings`, AlertSettingsResponse, { body })
  return { resource, save }
}
