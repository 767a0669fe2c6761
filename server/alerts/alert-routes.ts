import { z } from 'zod'
import { AccountParams } from '../../domain/api/account.schema'
import {
  AlertSettingsBody,
  AlertSettingsResponse,
  NotificationParams,
  NotificationsResponse,
} from '../../domain/api/alerts.schema'
import { defineRoute } from '../http/route-table'
import { getAlertSettings, saveAlertSettings } from './alert-settings-service'
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications-service'

const ANY_MEMBER = ['holder', 'owner', 'admin', 'member'] as const
const Limit = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) })

export const alertRoutes = [
  defineRoute({
    method: 'get',
    path: '/accounts/:accountId/alert-settings',
    summary: 'The caller’s own alert thresholds on the account (each null when off)',
    tag: 'alerts',
    access: { kind: 'account', roles: ANY_MEMBER },
    params: AccountParams,
    response: AlertSettingsResponse,
    handler: ({ db, params, principal }) => getAlertSettings(db, principal!.userId, params.accountId),
  }),
  defineRoute({
    method: 'put',
    path: '/accounts/:accountId/alert-settings',
    whenFrozen: 'allow',
    summary:
      'Set the caller’s own alerts: a purchase above X, daily spend ' +
      'above Y, spendable below Z (null turns one off, absent leaves it)',
    tag: 'alerts',
    access: { kind: 'account', roles: ANY_MEMBER },
    params: AccountParams,
    body: AlertSettingsBody,
    response: AlertSettingsResponse,
    handler: ({ deps, params, body, principal }) =>
      deps.db.kysely
        .transaction()
        .execute((tx) => saveAlertSettings(deps, tx, principal!.userId, params.accountId, body)),
  }),
  defineRoute({
    method: 'get',
    path: '/notifications',
    summary: 'The caller’s notifications, newest first, with the unread count',
    tag: 'alerts',
    access: { kind: 'user' },
    query: Limit,
    response: NotificationsResponse,
    handler: ({ db, query, principal }) => listNotifications(db, principal!.userId, query.limit),
  }),
  defineRoute({
    method: 'post',
    path: '/notifications/:notificationId/read',
    summary: 'Mark one of the caller’s notifications read',
    tag: 'alerts',
    access: { kind: 'user' },
    params: NotificationParams,
    response: NotificationsResponse,
    handler: ({ deps, db, params, principal }) =>
      markNotificationRead(db, principal!.userId, params.notificationId, deps.now()),
  }),
  defineRoute({
    method: 'post',
    path: '/notifications/read-all',
    summary: 'Mark all of the caller’s notifications read',
    tag: 'alerts',
    access: { kind: 'user' },
    response: NotificationsResponse,
    handler: ({ deps, db, principal }) => markAllNotificationsRead(db, principal!.userId, deps.now()),
  }),
]
