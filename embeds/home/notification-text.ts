import type { NotificationItem } from '../../domain/api/alerts.schema'
import { formatHealth, HEALTH_LIQUIDATION_BPS } from '../../domain/borrow'
import { formatDecimal } from '../../domain/money'
import type { Locale } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'

/** A notification's title and sentence in the reader's language (the server stores facts, not text). */
export function notificationText(
  n: NotificationItem,
  t: (key: MessageKey, vars?: Record<string, string>) => string,
  locale: Locale,
): { title: string; body: string } {
  const usd = (v: string | null) => (v === null ? '' : formatDecimal(v, 'USDC', locale))
  const ratio = (v: string | null) => (v === null ? '' : formatHealth(v, locale))
  const vars = {
    amount: usd(n.amount),
    threshold: usd(n.threshold),
    merchant: n.merchant ?? '',
    account: n.accountName,
    health: ratio(n.health),
    line: formatHealth(HEALTH_LIQUIDATION_BPS, locale),
  }
  return { title: t(`notifications.${n.kind}.title`, vars), body: t(`notifications.${n.kind}.body`, vars) }
}
