import { HistoryDetail } from '../../domain/api/money-out.schema'
import { isAsset } from '../../domain/asset'
import { formatDate } from '../../domain/format-date'
import { merchantCategory } from '../../domain/merchant-categories'
import { formatMoney, parseSignedAmount, formatDecimal } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { movementReasonText, movementTitleText } from '../../domain/movement-words'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { ErrorState } from '../ui/state-views'
import { ResourceView } from '../ui/resource-view'

/** Details that are codes (ids, hashes, addresses, a PIX key), set in the monospace face; names and amounts are not. */
const CODES = new Set(['destination', 'transaction', 'endToEndId', 'txid', 'pixKey'])

/** One movement: amount, status, its timeline (authorized → settled, or a withdrawal's steps) and details. */
export function HistoryDetailPage({ accountId, type, id }: { accountId: string; type: string; id: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const detail = useResource(`history:${type}:${id}`, (signal) =>
    api.get(`/accounts/${accountId}/history/${type}/${id}`, HistoryDetail, signal),
  )
  return (
    <ResourceView
      resource={detail}
      error={(error) => {
        // A link with a bad or unknown id is a transaction that is not there, not a form to fix.
        const status = (error as { status?: number }).status
        if (status === 404 || status === 400) {
          return (
            <section className="cash-card cash-stack" data-testid="history.not-found">
              <h2>{t('history.notFound.title')}</h2>
              <p style={{ margin: 0 }}>{t('history.notFound.body')}</p>
              <a href="/app/cash/transaction-history">{t('history.notFound.back')}</a>
            </section>
          )
        }
        return <ErrorState message={error.message} />
      }}
    >
      {(d) => {
        const when = (at: string | null) => (at ? formatDate(at, locale, 'dateTime') : '')
        /**
         * A detail as the page words it: a category's name, amounts as money (card amounts in dollars, a fee in its
         * asset, reais), the rate with its currencies.
         */
        const shown = (key: string, value: string): string => {
          if (key === 'category') {
            const c = merchantCategory(value)
            return t('history.detail.categoryValue', {
              name: 'named' in c ? t(`mcc.${c.named}`) : t(`mcc.group.${c.group}` as 'mcc.group.other'),
              code: value,
            })
          }
          if (key === 'brlAmount') return formatDecimal(value, 'BRL', locale)
          if (key === 'pixFee') return formatDecimal(value, 'USDC', locale)
          if (key === 'rate')
            return t('history.detail.rateValue', {
              rate: new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(Number(value)),
            })
          const asset =
            key === 'authorized' || key === 'cleared' ? 'USDC' : key === 'fee' && isAsset(d.asset) ? d.asset : null
          return asset && /^-?\d+(\.\d+)?$/.test(value)
            ? formatMoney(parseSignedAmount(value, asset), asset, locale)
            : value
        }
        return (
          <div className="cash-stack">
            <section className="cash-card cash-stack">
              <p className="cash-amount-hero" style={{ fontSize: '1.75rem' }}>
                {formatMoney(parseSignedAmount(d.amount, d.asset), d.asset, locale)}
              </p>
              <p style={{ margin: 0 }}>{movementTitleText(d.title, locale)}</p>
              {d.reason ? (
                <p className="cash-warning" style={{ margin: 0 }}>
                  {movementReasonText(d.reason, locale)}
                </p>
              ) : null}
            </section>
            <section className="cash-card" aria-labelledby="history-timeline">
              <h2 id="history-timeline">{t('history.timeline')}</h2>
              <ol className="cash-timeline" data-testid="history.timeline">
                {d.timeline.map((s, i) => (
                  // The last step of one still under way can be when something ends (a hold, a security delay):
                  // still to come, so it is not drawn done.
                  <li
                    key={s.step}
                    data-state={i === d.timeline.length - 1 && s.step.endsWith('_ends') ? 'todo' : 'done'}
                  >
                    {t(`history.step.${s.step}` as 'history.step.settled')} · {when(s.at)}
                  </li>
                ))}
              </ol>
            </section>
            {d.increments.length ? (
              <section className="cash-card cash-stack" aria-labelledby="history-increments">
                <h2 id="history-increments" style={{ margin: 0, fontSize: '1rem' }}>
                  {t('history.detail.increments')}
                </h2>
                <ul className="cash-stack" style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                  {d.increments.map((i, n) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: drawn whole from one answer, never changed in place
                    <li key={n} data-testid="history.increment">
                      +{formatDecimal(i.amount, 'USDC', locale)} ·{' '}
                      {i.approved
                        ? t('history.increment.approved')
                        : i.reason
                          ? movementReasonText(i.reason, locale)
                          : t('history.status.declined')}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {Object.keys(d.details).length ? (
              <section className="cash-card">
                <dl className="cash-stack" style={{ margin: 0 }}>
                  {Object.entries(d.details)
                    .filter(([, v]) => v !== null)
                    .map(([k, v]) => (
                      <div key={k} className="cash-row">
                        <dt>{t(`history.detail.${k}` as 'history.detail.merchant')}</dt>
                        <dd className={CODES.has(k) ? 'cash-mono' : 'cash-value'} data-testid={`history.detail-${k}`}>
                          {shown(k, v!)}
                        </dd>
                      </div>
                    ))}
                </dl>
              </section>
            ) : null}
          </div>
        )
      }}
    </ResourceView>
  )
}
