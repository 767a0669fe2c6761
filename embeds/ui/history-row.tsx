import { HistoryItem } from '../../domain/api/money-out.schema'
import { HISTORY_STATUSES } from '../../domain/activity-kinds'
import { formatMoney, parseSignedAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { localiseReason, localiseTitle } from '../lib/localise-history'

type Item = ReturnType<typeof HistoryItem.parse>

/**
 * One movement as every list shows it — home, a card's activity, the transaction history — from the one
 * history source: what, its state and date, why (a decline's reason), the signed amount, and a link to its
 * detail page with the timeline.
 */
export function HistoryRow({ item }: { item: Item }) {
  const { t, locale } = useI18n()
  const status = (HISTORY_STATUSES as readonly string[]).includes(item.status) ? t(`history.status.${item.status as (typeof HISTORY_STATUSES)[number]}`) : item.status
  const declined = item.status === 'declined'
  return (
    <a href={`/app/cash/transaction-history/${item.type}/${item.id}`} className="cash-row" style={{ textDecoration: 'none', color: 'inherit' }}>
      <span>
        {localiseTitle(item.title, locale)}
        <br />
        <span className="cash-muted">
          {status} · <time dateTime={item.createdAt}>{new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(item.createdAt))}</time>
        </span>
        {item.reason ? <><br /><span className="cash-muted">{localiseReason(item.reason, locale)}</span></> : null}
      </span>
      <span className={declined ? 'cash-muted' : item.amount.startsWith('-') ? undefined : 'cash-positive'} style={declined ? { textDecoration: 'line-through' } : undefined}>
        {item.amount.startsWith('-') ? '' : '+'}
        {formatMoney(parseSignedAmount(item.amount, item.asset), item.asset, locale)}
      </span>
    </a>
  )
}
