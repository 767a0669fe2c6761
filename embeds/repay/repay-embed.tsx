import { useRef, useState } from 'react'
import { RepayView } from '../../domain/api/money-out.schema'
import { formatDecimal } from '../../domain/money'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useLiveQuote } from '../lib/use-live-quote'
import { FormFooter } from '../ui/form-footer'
import { FrozenGate } from '../ui/frozen-gate'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { AmountField, useAmountInput } from '../ui/amount-field'
import { formatHealth, HEALTH_LIQUIDATION_BPS } from '../../domain/borrow'

type Plan = ReturnType<typeof RepayView.parse>

/** Repay Borrow-mode debt from cash, all or part, with the effect on debt and health shown before. */
function Repay({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const amount = useAmountInput('USDC')
  const [all, setAll] = useState(false)
  const wire = all ? 'all' : amount.value
  const [done, setDone] = useState<Plan | null>(null)
  const action = useAction()
  const idempotencyKey = useRef(crypto.randomUUID())
  const { quote, error } = useLiveQuote(wire, (signal) =>
    api.get(`/accounts/${accountId}/repay/quote?${new URLSearchParams({ amount: wire ?? '' })}`, RepayView, signal),
  )
  const usd = (v: string) => formatDecimal(v, 'USDC', locale)
  const health = (v: string) => formatHealth(v, locale)
  if (error?.code === 'nothing_to_repay') return <p className="cash-card">{t('repay.nothing')}</p>
  if (done) {
    return (
      <section className="cash-card cash-stack" role="status">
        <h2>{t('repay.done')}</h2>
        <p style={{ margin: 0 }}>{t('repay.doneBody', { amount: usd(done.amount), debt: usd(done.debtAfter) })}</p>
        <a href="/app/cash">{t('state.goHome')}</a>
      </section>
    )
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const typed = all ? 'all' : amount.read()
    if (quote && typed)
      void action.run(async () =>
        setDone(
          await api.post(
            `/accounts/${accountId}/repay`,
            RepayView,
            { amount: typed },
            { idempotencyKey: idempotencyKey.current },
          ),
        ),
      )
  }
  return (
    <form className="cash-card cash-stack" onSubmit={submit} noValidate aria-busy={action.busy}>
      <AmountField
        label={t('repay.amount')}
        name="amount"
        amount={amount}
        placeholder={all ? t('repay.all') : undefined}
        error={error ? (error.fields.amount ?? error.message) : undefined}
        onInput={() => setAll(false)}
      />
      <div>
        <button
          type="button"
          className="cash-button"
          data-variant="secondary"
          onClick={() => (amount.clear(), setAll(true))}
        >
          {t('repay.all')}
        </button>
      </div>
      {quote ? (
        <dl className="cash-stack" data-testid="repay.effect" style={{ margin: 0 }}>
          <div className="cash-row">
            <dt>{t('repay.debt')}</dt>
            <dd>
              {usd(quote.debtBefore)} → <strong>{usd(quote.debtAfter)}</strong>
            </dd>
          </div>
          <div className="cash-row">
            <dt>{t('home.borrowLimit')}</dt>
            <dd>
              {usd(quote.borrowLimitBefore)} → {usd(quote.borrowLimitAfter)}
            </dd>
          </div>
          <div className="cash-row">
            <dt>{t('repay.health')}</dt>
            <dd>
              {quote.healthBefore === null ? '—' : health(quote.healthBefore)} →{' '}
              <strong>{quote.healthAfter === null ? t('repay.noDebt') : health(quote.healthAfter)}</strong>
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('repay.healthHelp', { line: formatHealth(HEALTH_LIQUIDATION_BPS, locale) })}
      </p>
      <FormFooter error={action.error} busy={action.busy} label={t('repay.submit')} busyLabel={t('repay.submitting')} />
    </form>
  )
}

export function RepayEmbed({ title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) => (
          <FrozenGate accountId={accountId}>
            <Repay accountId={accountId} />
          </FrozenGate>
        )}
      </NeedsAccount>
    </Page>
  )
}
