import { useEffect } from 'react'
import { NotificationsResponse } from '../../domain/api/alerts.schema'
import { useBridge } from '../lib/bridge-context'
import { notifyHost } from '../lib/host-actions'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { readyData, useResource } from '../lib/use-resource'
import { notificationText } from './notification-text'

const POLL_MS = 5_000
const SEEN_KEY = 'cash.notified'

/** Ids already handed to the host, kept across page loads so each notification is shown natively once. */
function handedToHost(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as string[])
  } catch {
    return new Set()
  }
}

/**
 * The signed-in user's notifications, refreshed every few seconds; marking read; and, inside a host that
 * offers `notify`, each new unread one handed to the host once.
 */
export function useNotifications() {
  const { api } = useSession()
  const bridge = useBridge()
  const { t, locale } = useI18n()
  const resource = useResource(
    'notifications',
    (signal) => api.get('/notifications?limit=20', NotificationsResponse, signal),
    { pollMs: POLL_MS, keepPolling: () => true },
  )
  const items = readyData(resource)?.items ?? null
  useEffect(() => {
    if (!items || !bridge.has('notify')) return
    const seen = handedToHost()
    const fresh = items.filter((n) => !n.read && !seen.has(n.id))
    if (fresh.length === 0) return
    for (const n of fresh) {
      seen.add(n.id)
      void notifyHost(bridge, { id: n.id, ...notificationText(n, t, locale) }).catch(() => seen.delete(n.id))
    }
    localStorage.setItem(SEEN_KEY, JSON.stringify([...seen].slice(-200)))
  }, [items, bridge, t, locale])
  const markRead = async (id: string) => (
    await api.post(`/notifications/${id}/read`, NotificationsResponse), resource.reload()
  )
  const markAllRead = async () => (await api.post('/notifications/read-all', NotificationsResponse), resource.reload())
  return { resource, markRead, markAllRead }
}
