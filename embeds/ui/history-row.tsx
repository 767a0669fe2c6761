import {
  ArrowDownLeft,
  ArrowUpRight,
  CreditCard,
  Gift,
  HandCoins,
  Landmark,
  Percent,
  QrCode,
  Receipt,
  RefreshCw,
} from 'lucide-react'
import type { HistoryItem } from '../../domain/api/money-out.schema'
import { HISTORY_STATUSES } from '../../domain/activity-kinds'
import { isAsset } from '../../domain/asset'
import { formatDate } from '../../domain/format-date'
import { formatMoney, parseSignedAmount } from '../../domain/money'
import { movementReasonText, movementTitleText } from '../../domain/movement-words'
import { useI18n } from '../lib/i18n'
import { Avatar } from './list-row'

type Item = ReturnType<typeof HistoryItem.parse>

/** Kinds of title that name a person: the leading mark is their initial. */
const PERSON = new Set(['pix_to', 'bank_in', 'bank_out'])
/** Kinds that are a reward. */
const REWARD = new Set(['cashback', 'referral_cashback', 'membership_reward'])

/**
 * The row's leading mark: a person's initial, the asset's logo for crypto, else an icon for what kind of movement it
 * is.
 */
function Leading({ item }: { item: Item }) {
  const { title } = item
  if (PERSON.has(title.key) && 'name' in title) return <Avatar name={title.name} />
  const incoming = !item.amount.startsWith('-')
  if (item.type === 'card') return <Avatar icon={incoming ? Receipt : CreditCard} />
  if (item.type === 'pix') return <Avatar icon={QrCode} tone={incoming ? 'positive' : undefined} />
  if (item.type === 'bank') return <Avatar icon={Landmark} />
  if (item.type === 'repay') return <Avatar icon={HandCoins} />
  if (item.type === 'borrow') return <Avatar icon={Percent} tone="muted" />
  if (REWARD.has(title.key)) return <Avatar icon={Gift} tone="positive" />
  if (title.key === 'convert' || title.key === 'stake') return <Avatar icon={RefreshCw} />
  if ((item.type === 'deposit' || item.type === 'withdrawal' || item.type === 'other') && isAsset(item.asset))
    return <Avatar asset={item.asset} />
  return <Avatar icon={incoming ? ArrowDownLeft : ArrowUpRight} />
}

/**
 * One movement as every list shows it — home, a card's activity, the transaction history — from the one
 * history source: who or what (with its mark), when, why (a decline's reason), the signed amount with its state
 * under it, and the whole row a link to its detail page with the timeline. Put rows in `<ul className="cash-rows">`.
 * `when` is `time` under a day's header (the history), else the date and time. Lines with their own widths: the
 * title (two lines at most) beside the amount, the time (one line) beside the state, then a decline's reason; so a
 * long Portuguese title keeps its asset and the date does not share its width with the amount above it. Where a
 * phone is too narrow for both, the amount (or the state) goes under, at the right.
 */
export function HistoryRow({ item, when = 'dateTime' }: { item: Item; when?: 'dateTime' | 'time' }) {
  const { t, locale } = useI18n()
  const known = (HISTORY_STATUSES as readonly string[]).includes(item.status)
  const status = known ? t(`history.status.${item.status as (typeof HISTORY_STATUSES)[number]}`) : item.status
  const declined = item.status === 'declined'
  const incoming = !item.amount.startsWith('-')
  return (
    <a href={`/app/cash/transaction-history/${item.type}/${item.id}`} className="cash-list-row">
      <Leading item={item} />
      <span className="cash-list-row-main">
        <span className="cash-movement-line">
          <span className="cash-list-row-title">{movementTitleText(item.title, locale)}</span>
          <span
            className={`cash-list-row-amount${incoming && !declined ? ' cash-positive' : ''}`}
            data-declined={declined || undefined}
          >
            {incoming ? '+' : ''}
            {formatMoney(parseSignedAmount(item.amount, item.asset), item.asset, locale)}
          </span>
        </span>
        <span className="cash-movement-line">
          <span className="cash-list-row-sub">
            <time dateTime={item.createdAt}>{formatDate(item.createdAt, locale, when)}</time>
          </span>
          {item.status === 'settled' ? (
            <span className="cash-visually-hidden">{status}</span>
          ) : (
            <span className="cash-list-row-status" data-status={item.status}>
              {status}
            </span>
          )}
        </span>
        {item.reason ? <span className="cash-list-row-sub">{movementReasonText(item.reason, locale)}</span> : null}
      </span>
    </a>
  )
}
