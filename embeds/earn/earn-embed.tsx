import { useRef, useState, type FormEvent } from 'react'
import { EarnResponse, QuoteView, VaultDepositResult, VaultWithdrawalView } from '../../domain/api/grow.schema'
import type { HeldAsset } from '../../domain/asset'
import { formatDate } from '../../domain/format-date'
import { readableRate, type VaultId } from '../../domain/grow'
import { formatMoney, formatNumber, formatPercent, parseAmount } from '../../domain/money'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useQuoteFlow } from '../lib/use-quote-flow'
import { useResource } from '../lib/use-resource'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { FormFooter } from '../ui/form-footer'
import { LineChart } from '../ui/line-chart'
import { FrozenGate } from '../ui/frozen-gate'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { QuotePanel } from '../ui/quote-panel'
import { AmountField, useAmountInput } from '../ui/amount-field'
import { ResourceView } from '../ui/resource-view'

type Earn = EarnResponse
type Vault = Earn['vaults'][number]
type VaultWithdrawal = Earn['withdrawals'][number]

function useEarn(accountId: string) {
  const { api } = useSession()
  return useResource(`earn:${accountId}`, (signal) => api.get(`/accounts/${accountId}/earn`, EarnResponse, signal), {
    pollMs: 2000,
    keepPolling: (d) => d.withdrawals.some((w) => w.status === 'queued'),
  })
}

function useFmt() {
  const { locale } = useI18n()
  return (v: string, asset: HeldAsset) => formatMoney(parseAmount(v, asset), asset, locale)
}

/** `earn`: the two Liquid vaults and weETH, each with what the holder has in it. */
function Overview({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const fmt = useFmt()
  const earn = useEarn(accountId)
  return (
    <ResourceView resource={earn}>
      {(loaded) => (
        <div className="cash-stack">
          {loaded.vaults.map((v) => (
            <section key={v.vault} className="cash-card cash-stack" aria-labelledby={`vault-${v.vault}`}>
              <h2 id={`vault-${v.vault}`} style={{ margin: 0 }}>
                {t(`earn.vault.${v.vault}`)}
              </h2>
              <dl className="cash-stack" style={{ margin: 0 }}>
                <div className="cash-row">
                  <dt>{t('earn.apy')}</dt>
                  <dd>{formatPercent(v.apyPercent, locale)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('earn.value')}</dt>
                  <dd>{fmt(v.value, v.asset)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('earn.yield')}</dt>
                  <dd className="cash-positive">{fmt(v.yieldEarned, v.asset)}</dd>
                </div>
              </dl>
              <a href={`/app/cash/earn/liquid?vault=${v.vault}`}>{t('earn.open')}</a>
            </section>
          ))}
          <section className="cash-card cash-stack" aria-labelledby="weeth">
            <h2 id="weeth" style={{ margin: 0 }}>
              {t('earn.weeth.title')}
            </h2>
            <p style={{ margin: 0 }}>
              {t('earn.weeth.held', {
                amount: fmt(loaded.weeth.balance, 'weETH'),
                usd: fmt(loaded.weeth.valueUsd, 'USDC'),
              })}
            </p>
            <a href="/app/cash/earn/weeth">{t('earn.weeth.stake')}</a>
          </section>
        </div>
      )}
    </ResourceView>
  )
}

function VaultChart({ vault }: { vault: Vault }) {
  const { t, locale } = useI18n()
  const fmt = useFmt()
  const date = (iso: string) => formatDate(iso, locale, 'dayMonth')
  const hasShares = Number(vault.shares) > 0
  const points = vault.history.map((h) => ({
    label: date(h.at),
    value: hasShares ? Number(h.value) : Number(h.sharePrice),
    display: hasShares ? fmt(h.value, vault.asset) : formatNumber(h.sharePrice, locale),
  }))
  const first = vault.history[0]!
  const last = vault.history[vault.history.length - 1]!
  const apyPoints = vault.history.map((h) => ({
    label: date(h.at),
    value: Number(h.apyPercent),
    display: formatPercent(h.apyPercent, locale),
  }))
  return (
    <>
      <LineChart
        title={
          hasShares
            ? t('earn.chart.valueTitle', { vault: t(`earn.vault.${vault.vault}`) })
            : t('earn.chart.priceTitle', { vault: t(`earn.vault.${vault.vault}`) })
        }
        description={t('earn.chart.desc', {
          apy: formatPercent(vault.apyPercent, locale),
          from: hasShares ? fmt(first.value, vault.asset) : formatNumber(first.sharePrice, locale),
          to: hasShares ? fmt(last.value, vault.asset) : formatNumber(last.sharePrice, locale),
        })}
        points={points}
        dateHeader={t('earn.chart.date')}
        valueHeader={hasShares ? t('earn.value') : t('earn.sharePrice')}
        tableLabel={t('earn.chart.table')}
      />
      <LineChart
        title={t('earn.chart.apyTitle', { vault: t(`earn.vault.${vault.vault}`) })}
        description={t('earn.chart.apyDesc', {
          from: apyPoints[0]!.display,
          to: apyPoints[apyPoints.length - 1]!.display,
        })}
        points={apyPoints}
        dateHeader={t('earn.chart.date')}
        valueHeader={t('earn.chart.apy')}
        tableLabel={t('earn.chart.apyTable')}
        tickFormat={(v) =>
          new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(v / 100)
        }
      />
    </>
  )
}

/** The deposit confirmation's sentence: the amount, the vault, and its APY through the locale's percent formatter. */
export function depositedBody(
  t: ReturnType<typeof useI18n>['t'],
  locale: string,
  amount: string,
  vaultName: string,
  apyPercent: string,
): string {
  return t('earn.deposited.body', { amount, vault: vaultName, apy: formatPercent(apyPercent, locale) })
}

/** An amount form for one vault that confirms before it moves anything. */
function VaultForm({
  accountId,
  vault,
  kind,
  onDone,
  hint,
}: {
  accountId: string
  vault: Vault
  kind: 'deposit' | 'withdraw'
  onDone: () => void
  hint: string
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const fmt = useFmt()
  const amount = useAmountInput(vault.asset)
  const [reviewing, setReviewing] = useState(false)
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [done, setDone] = useState<string | null>(null)
  const key = useRef(crypto.randomUUID())
  const clean = amount.value ?? '0'
  const label = kind === 'deposit' ? t('earn.deposit') : t('earn.withdraw')
  if (done !== null) {
    const vaultName = t(`earn.vault.${vault.vault}`)
    return (
      <section
        className="cash-card cash-stack"
        role="status"
        aria-labelledby={`earn-done-${kind}`}
        data-testid={`earn.done-${kind}`}
      >
        <h3 id={`earn-done-${kind}`} style={{ margin: 0 }}>
          {t(kind === 'deposit' ? 'earn.deposited.title' : 'earn.withdrawn.title')}
        </h3>
        <p style={{ margin: 0 }}>
          {kind === 'deposit'
            ? depositedBody(t, locale, fmt(done, vault.asset), vaultName, vault.apyPercent)
            : t('earn.withdrawn.body', { amount: fmt(done, vault.asset), vault: vaultName })}
        </p>
        <p className="cash-muted" style={{ margin: 0 }}>
          {kind === 'deposit' ? t('earn.deposited.next') : hint}
        </p>
        <div>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => setDone(null)}>
            {t(kind === 'deposit' ? 'earn.deposited.again' : 'earn.withdrawn.again')}
          </button>
        </div>
      </section>
    )
  }
  if (reviewing) {
    return (
      <ConfirmSheet
        title={label}
        asset={vault.asset}
        total={clean}
        detail={t(kind === 'deposit' ? 'earn.depositDetail' : 'earn.withdrawDetail', {
          vault: t(`earn.vault.${vault.vault}`),
        })}
        lines={[
          { label: t('ui.amount'), value: fmt(clean, vault.asset) },
          { label: t('earn.apy'), value: formatPercent(vault.apyPercent, locale) },
          { label: t('earn.sharePrice'), value: formatNumber(vault.sharePrice, locale) },
          ...(kind === 'withdraw' ? [{ label: t('earn.settles'), value: hint }] : []),
        ]}
        submitLabel={label}
        onBack={() => setReviewing(false)}
        onSend={async (confirmation) => {
          const path = `/accounts/${accountId}/earn/liquid/${kind === 'deposit' ? 'deposits' : 'withdrawals'}`
          const body = { vault: vault.vault, amount: clean, confirmation }
          try {
            if (kind === 'deposit') await api.post(path, VaultDepositResult, body, { idempotencyKey: key.current })
            else await api.post(path, VaultWithdrawalView, body, { idempotencyKey: key.current })
          } catch (error) {
            const fields = (error as { fields?: Record<string, string> }).fields
            if (fields?.amount) {
              setFieldError(fields.amount)
              setReviewing(false)
              return
            }
            throw error
          }
          key.current = crypto.randomUUID()
          setDone(clean)
          amount.clear()
          setReviewing(false)
          onDone()
        }}
      />
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setFieldError(undefined)
    if (amount.read() === undefined) return
    setReviewing(true)
  }
  return (
    <form className="cash-card cash-stack" onSubmit={submit} noValidate aria-label={label}>
      <h3 style={{ margin: 0 }}>{label}</h3>
      <AmountField
        label={t('earn.amountIn', { asset: vault.asset })}
        hint={hint}
        name={`${kind}-amount`}
        amount={amount}
        error={fieldError}
      />
      <button type="submit" className="cash-button">
        {label}
      </button>
    </form>
  )
}

/** `earn/liquid`: one vault's position, its history, deposit, withdraw, and the settlement queue. */
function Liquid({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const fmt = useFmt()
  const [vaultId, setVaultId] = useState<VaultId>(() =>
    new URLSearchParams(location.search).get('vault') === 'eth' ? 'eth' : 'usd',
  )
  const earn = useEarn(accountId)
  const [cancelling, setCancelling] = useState<VaultWithdrawal | null>(null)
  return (
    <ResourceView resource={earn}>
      {(loaded) => {
        const vault = loaded.vaults.find((v) => v.vault === vaultId)!
        const hours = Math.round(loaded.settlementSeconds / 3600)
        const settleHint =
          loaded.settlementSeconds >= 3600
            ? t('earn.settleHours', { hours: String(hours) })
            : t('earn.settleSeconds', { seconds: String(loaded.settlementSeconds) })
        const queue = loaded.withdrawals.filter((w) => w.vault === vaultId)
        return (
          <div className="cash-stack">
            <fieldset className="cash-card cash-row" style={{ border: 0 }}>
              <legend className="cash-visually-hidden">{t('earn.chooseVault')}</legend>
              {(['usd', 'eth'] as const).map((v) => (
                <label key={v}>
                  <input type="radio" name="vault" value={v} checked={vaultId === v} onChange={() => setVaultId(v)} />
                  {` ${t(`earn.vault.${v}`)}`}
                </label>
              ))}
            </fieldset>
            <section className="cash-card cash-stack" aria-labelledby="position">
              <h2 id="position" style={{ margin: 0 }}>
                {t(`earn.vault.${vault.vault}`)}
              </h2>
              <dl className="cash-stack" style={{ margin: 0 }} data-testid="earn.position">
                <div className="cash-row">
                  <dt>{t('earn.value')}</dt>
                  <dd data-testid="earn.value">{fmt(vault.value, vault.asset)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('earn.yield')}</dt>
                  <dd className="cash-positive">{fmt(vault.yieldEarned, vault.asset)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('earn.apy')}</dt>
                  <dd>{formatPercent(vault.apyPercent, locale)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('earn.sharePrice')}</dt>
                  <dd>{formatNumber(vault.sharePrice, locale)}</dd>
                </div>
              </dl>
              <VaultChart vault={vault} />
            </section>
            <VaultForm
              key={`d-${vault.vault}`}
              accountId={accountId}
              vault={vault}
              kind="deposit"
              hint={t('earn.depositHint')}
              onDone={earn.reload}
            />
            <VaultForm
              key={`w-${vault.vault}`}
              accountId={accountId}
              vault={vault}
              kind="withdraw"
              hint={settleHint}
              onDone={earn.reload}
            />
            <section className="cash-card cash-stack" aria-labelledby="queue">
              <h2 id="queue" style={{ margin: 0 }}>
                {t('earn.queue')}
              </h2>
              {cancelling ? (
                <ConfirmSheet
                  title={t('earn.cancel.title')}
                  asset={cancelling.asset}
                  total={cancelling.requestedAmount}
                  detail={t('earn.cancel.body', {
                    amount: fmt(cancelling.requestedAmount, cancelling.asset),
                    vault: t(`earn.vault.${cancelling.vault}`),
                  })}
                  lines={[
                    { label: t('earn.cancel.amount'), value: fmt(cancelling.requestedAmount, cancelling.asset) },
                    { label: t('earn.cancel.stays'), value: t(`earn.vault.${cancelling.vault}`) },
                  ]}
                  submitLabel={t('earn.cancel.confirm')}
                  onBack={() => setCancelling(null)}
                  onConfirm={async () => {
                    await api.post(
                      `/accounts/${accountId}/earn/liquid/withdrawals/${cancelling.id}/cancel`,
                      VaultWithdrawalView,
                    )
                    setCancelling(null)
                    earn.reload()
                  }}
                />
              ) : null}
              {queue.length === 0 ? (
                <p className="cash-muted" style={{ margin: 0 }}>
                  {t('earn.queueEmpty')}
                </p>
              ) : (
                <ul className="cash-list" data-testid="earn.queue">
                  {queue.map((w) => (
                    <li key={w.id} className="cash-row">
                      <span>
                        {fmt(w.status === 'paid' && w.paidAmount ? w.paidAmount : w.requestedAmount, w.asset)} ·{' '}
                        {t(`earn.status.${w.status}`)}
                        {w.status === 'queued'
                          ? ` · ${t('earn.eta', { at: formatDate(w.settleAt, locale, 'dateTime') })}`
                          : ''}
                      </span>
                      {w.status === 'queued' ? (
                        <button
                          type="button"
                          className="cash-button"
                          data-variant="secondary"
                          onClick={() => setCancelling(w)}
                        >
                          {t('earn.cancel')}
                        </button>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )
      }}
    </ResourceView>
  )
}

/** `earn/weeth`: stake ETH for weETH by quote, like convert. */
function Stake({ accountId }: { accountId: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const fmt = useFmt()
  const amount = useAmountInput('ETH')
  const action = useAction()
  const flow = useQuoteFlow(`/accounts/${accountId}/earn/weeth/stakes`)
  if (flow.done) {
    const q = flow.done.quote
    return (
      <section className="cash-card cash-stack" role="status">
        <h2>{t('earn.weeth.done')}</h2>
        <p style={{ margin: 0 }}>
          {t('convert.doneBody', { paid: fmt(q.amountIn, q.from), received: fmt(q.amountOut, q.to) })}
        </p>
        <a href="/app/cash/earn">{t('earn.back')}</a>
      </section>
    )
  }
  if (flow.reviewing && flow.quote) {
    const q = flow.quote
    return (
      <ConfirmSheet
        title={t('earn.weeth.stake')}
        asset="ETH"
        total={q.amountIn}
        detail={t('convert.confirmDetail', { paid: fmt(q.amountIn, q.from), received: fmt(q.amountOut, q.to) })}
        lines={[
          { label: t('quote.pay'), value: fmt(q.amountIn, q.from) },
          { label: t('quote.receive'), value: fmt(q.amountOut, q.to) },
          {
            label: t('quote.rate'),
            value: t('quote.rateValue', { from: q.from, rate: readableRate(q.rate), to: q.to }),
          },
        ]}
        submitLabel={t('earn.weeth.stake')}
        onBack={() => flow.setReviewing(false)}
        onSend={flow.send}
      />
    )
  }
  const ask = (e: FormEvent) => {
    e.preventDefault()
    const typed = amount.read()
    if (typed === undefined) return
    void action.run(async () =>
      flow.setQuote(await api.post(`/accounts/${accountId}/earn/weeth/quotes`, QuoteView, { amount: typed })),
    )
  }
  return (
    <div className="cash-stack">
      <form className="cash-card cash-stack" onSubmit={ask} noValidate aria-busy={action.busy}>
        <p className="cash-muted" style={{ margin: 0 }}>
          {t('earn.weeth.explain')}
        </p>
        <AmountField
          label={t('earn.amountIn', { asset: 'ETH' })}
          name="amount"
          amount={amount}
          error={action.fieldErrors.amount}
          onInput={() => flow.setQuote(null)}
        />
        <FormFooter error={action.error} busy={action.busy} label={t('quote.get')} busyLabel={t('quote.getting')} />
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

export function EarnEmbed({ path, title }: EmbedProps) {
  const body = (accountId: string) =>
    path === '/earn/liquid' ? (
      <FrozenGate accountId={accountId}>
        <Liquid accountId={accountId} />
      </FrozenGate>
    ) : path === '/earn/weeth' ? (
      <FrozenGate accountId={accountId}>
        <Stake accountId={accountId} />
      </FrozenGate>
    ) : (
      <Overview accountId={accountId} />
    )
  return (
    <Page title={title}>
      <NeedsAccount>{body}</NeedsAccount>
    </Page>
  )
}
