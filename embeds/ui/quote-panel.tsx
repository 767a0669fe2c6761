import type { QuoteView } from '../../domain/api/grow.schema'
import { readableRate } from '../../domain/grow'
import { formatAssetAmount, formatNumber, formatPercent, parseAmount, formatDecimal } from '../../domain/money'
import { formatSeconds, useCountdown } from '../lib/use-countdown'
import { useI18n } from '../lib/i18n'

/** A conversion quote as the holder weighs it: what goes, what comes, the rate, the spread and the time left. */
export function QuotePanel({ quote, notice }: { quote: QuoteView; notice?: string | null }) {
  const { t, locale } = useI18n()
  const left = useCountdown(quote.expiresAt)
  const fmt = (v: string, asset: QuoteView['from']) => formatAssetAmount(parseAmount(v, asset), asset, locale)
  return (
    <section className="cash-stack" aria-labelledby={`quote-${quote.id}`} data-testid="quote">
      <h2 id={`quote-${quote.id}`} style={{ margin: 0, fontSize: '1.1rem' }}>
        {t('quote.title')}
      </h2>
      {notice ? (
        <p className="cash-notice" role="status">
          {notice}
        </p>
      ) : null}
      <dl className="cash-stack" style={{ margin: 0 }}>
        <div className="cash-row">
          <dt>{t('quote.pay')}</dt>
          <dd data-testid="quote.pay">{fmt(quote.amountIn, quote.from)}</dd>
        </div>
        <div className="cash-row">
          <dt>{t('quote.receive')}</dt>
          <dd>
            <strong data-testid="quote.receive">{fmt(quote.amountOut, quote.to)}</strong>
          </dd>
        </div>
        <div className="cash-row">
          <dt>{t('quote.rate')}</dt>
          <dd>
            {t('quote.rateValue', {
              from: quote.from,
              rate: formatNumber(readableRate(quote.rate), locale, 20),
              to: quote.to,
            })}
          </dd>
        </div>
        <div className="cash-row">
          <dt>{t('quote.spread', { percent: formatPercent(quote.spreadPercent, locale) })}</dt>
          <dd>
            {quote.spread === '0'
              ? t('quote.noSpread')
              : `${fmt(quote.spread, quote.to)} (${formatDecimal(quote.spreadUsd, 'USDC', locale)})`}
          </dd>
        </div>
      </dl>
      <p
        className={left > 0 ? 'cash-muted' : 'cash-warning'}
        aria-live="polite"
        data-testid="quote.countdown"
        style={{ margin: 0 }}
      >
        {left > 0 ? t('quote.expiresIn', { time: formatSeconds(left) }) : t('quote.expired')}
      </p>
    </section>
  )
}
