import { useState, type FormEvent } from 'react'
import { ConvertQuoteBody, QuoteView } from '../../domain/api/grow.schema'
import { HELD_ASSETS, type HeldAsset } from '../../domain/asset'
import type { FieldErrors } from '../../domain/errors'
import { readableRate } from '../../domain/grow'
import { formatAssetAmount, formatNumber, formatPercent, parseAmount, formatDecimal } from '../../domain/money'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { localisedFieldErrors } from '../lib/localise-error'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useQuoteFlow } from '../lib/use-quote-flow'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { FormFooter } from '../ui/form-footer'
import { FrozenGate } from '../ui/frozen-gate'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { QuotePanel } from '../ui/quote-panel'
import { AmountField, useAmountInput } from '../ui/amount-field'

/** From, to and amount → a quote held 30 s (rate, spread, countdown) → confirm → done. */
function Convert({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [from, setFrom] = useState<HeldAsset>('USDC')
  const [to, setTo] = useState<HeldAsset>('ETH')
  const amount = useAmountInput(from)
  const [invalid, setInvalid] = useState<FieldErrors>({})
  const action = useAction()
  const flow = useQuoteFlow(`/accounts/${accountId}/convert/executions`)
  const fields = { ...action.fieldErrors, ...invalid }
  const fmt = (v: string, asset: HeldAsset) => formatAssetAmount(parseAmount(v, asset), asset, locale)

  if (flow.done) {
    const q = flow.done.quote
    return (
      <section className="cash-card cash-stack" role="status">
        <h2>{t('convert.done')}</h2>
        <p style={{ margin: 0 }} data-testid="convert.done">
          {t('convert.doneBody', { paid: fmt(q.amountIn, q.from), received: fmt(q.amountOut, q.to) })}
        </p>
        <div className="cash-actions">
          <button type="button" className="cash-button" data-variant="secondary" onClick={flow.reset}>
            {t('convert.again')}
          </button>
          <a href="/app/cash">{t('state.goHome')}</a>
        </div>
      </section>
    )
  }
  if (flow.reviewing && flow.quote) {
    const q = flow.quote
    return (
      <ConfirmSheet
        title={t('convert.confirmTitle')}
        asset={q.from}
        total={q.amountIn}
        detail={t('convert.confirmDetail', { paid: fmt(q.amountIn, q.from), received: fmt(q.amountOut, q.to) })}
        lines={[
          { label: t('quote.pay'), value: fmt(q.amountIn, q.from) },
          { label: t('quote.receive'), value: fmt(q.amountOut, q.to) },
          {
            label: t('quote.rate'),
            value: t('quote.rateValue', {
              from: q.from,
              rate: formatNumber(readableRate(q.rate), locale, 20),
              to: q.to,
            }),
          },
          {
            label: t('quote.spread', { percent: formatPercent(q.spreadPercent, locale) }),
            value: `${fmt(q.spread, q.to)} (${formatDecimal(q.spreadUsd, 'USDC', locale)})`,
          },
        ]}
        submitLabel={t('convert.submit')}
        onBack={() => flow.setReviewing(false)}
        onSend={flow.send}
      />
    )
  }
  const ask = (e: FormEvent) => {
    e.preventDefault()
    const typed = amount.read()
    if (typed === undefined) return
    const body = { from, to, amount: typed }
    const parsed = ConvertQuoteBody.safeParse(body)
    if (!parsed.success) return setInvalid(localisedFieldErrors(parsed.error, locale))
    setInvalid({})
    void action.run(async () =>
      flow.setQuote(await api.post(`/accounts/${accountId}/convert/quotes`, QuoteView, parsed.data)),
    )
  }
  const change = (fn: () => void) => {
    fn()
    setInvalid({})
    flow.setQuote(null)
  }
  return (
    <div className="cash-stack">
      <form className="cash-card cash-stack" onSubmit={ask} noValidate aria-busy={action.busy}>
        <div className="cash-field">
          <label htmlFor="convert-from">{t('convert.from')}</label>
          <select id="convert-from" value={from} onChange={(e) => change(() => setFrom(e.target.value as HeldAsset))}>
            {HELD_ASSETS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </div>
        <div className="cash-field">
          <label htmlFor="convert-to">{t('convert.to')}</label>
          <select
            id="convert-to"
            value={to}
            aria-invalid={fields.to ? true : undefined}
            aria-describedby={fields.to ? 'convert-to-error' : undefined}
            onChange={(e) => change(() => setTo(e.target.value as HeldAsset))}
          >
            {HELD_ASSETS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
          {fields.to ? (
            <p id="convert-to-error" className="cash-field-error" role="alert">
              {fields.to}
            </p>
          ) : null}
        </div>
        <AmountField
          label={t('convert.amount', { asset: from })}
          name="amount"
          amount={amount}
          error={fields.amount}
          onInput={() => change(() => undefined)}
        />
        <FormFooter
          error={action.error}
          busy={action.busy}
          label={flow.quote ? t('quote.refresh') : t('quote.get')}
          busyLabel={t('quote.getting')}
        />
      </form>
      {flow.quote ? (
        <div className="cash-card cash-stack">
          <QuotePanel quote={flow.quote} notice={flow.refreshed ? t('quote.freshNotice') : null} />
          <button type="button" className="cash-button" onClick={() => flow.setReviewing(true)}>
            {t('confirm.review')}
          </button>
        </div>
      ) : null}
    </div>
  )
}

export function ConvertEmbed({ title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) => (
          <FrozenGate accountId={accountId}>
            <Convert accountId={accountId} />
          </FrozenGate>
        )}
      </NeedsAccount>
    </Page>
  )
}
