import { useState } from 'react'
import { WithdrawalsResponse, WithdrawalView } from '../../domain/api/money-out.schema'
import { formatMoney, parseAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { formatSeconds, useCountdown } from '../lib/use-countdown'
import { useResource } from '../lib/use-resource'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { ErrorState, LoadingState } from '../ui/state-views'
import { StatusTimeline } from '../ui/status-timeline'

const LIVE = ['delayed', 'broadcast']

/** The latest withdrawal, live: security delay with countdown and cancel, broadcast, confirmed or returned. */
export function WithdrawalStatusPage({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const list = useResource(
    `withdrawals:${accountId}`,
    (signal) => api.get(`/accounts/${accountId}/withdrawals`, WithdrawalsResponse, signal),
    { pollMs: 1500, keepPolling: (d) => LIVE.includes(d.items[0]?.status ?? '') },
  )
  const [asking, setAsking] = useState(false)
  const latest = list.status === 'ready' ? list.data.items[0] : undefined
  const left = useCountdown(latest?.status === 'delayed' ? latest.releaseAt : null)
  if (list.status === 'loading') return <LoadingState />
  if (list.status === 'error') return <ErrorState message={list.error.message} onRetry={list.reload} />
  if (!latest) return <p className="cash-muted">{t('withdraw.none')}</p>
  const w = latest
  const fmt = (v: string) => formatMoney(parseAmount(v, w.asset), w.asset, locale)
  const stopped = w.status === 'failed' || w.status === 'cancelled' || w.status === 'replaced'
  const steps = [
    { key: 'requested', label: t('withdraw.status.requested') },
    { key: 'delayed', label: t('withdraw.status.delayed') },
    { key: 'broadcast', label: t('withdraw.status.broadcast') },
    { key: stopped ? w.status : 'confirmed', label: t(`withdraw.status.${stopped ? w.status : 'confirmed'}`) },
  ]
  const cancel = async () => {
    await api.post(`/accounts/${accountId}/withdrawals/${w.id}/cancel`, WithdrawalView, undefined, {
      idempotencyKey: `cancel-${w.id}`,
    })
    setAsking(false)
    list.reload()
  }
  return (
    <section className="cash-card cash-stack" aria-live="polite" data-testid="withdraw.status">
      <p className="cash-amount-hero" style={{ fontSize: '1.75rem' }}>
        {fmt(w.amount)}
      </p>
      <p className="cash-muted cash-mono" style={{ margin: 0 }}>
        {t('withdraw.toAddress', { address: w.address })}
      </p>
      <p style={{ margin: 0 }}>{t('withdraw.totalWithFee', { total: fmt(w.total), fee: fmt(w.fee) })}</p>
      <StatusTimeline label={t('withdraw.progress')} steps={steps} current={w.status} failed={stopped} />
      {w.status === 'delayed' ? (
        <>
          <p role="timer" style={{ margin: 0 }}>
            {t('withdraw.sendsIn', { time: formatSeconds(left) })}
          </p>
          {asking ? (
            <ConfirmSheet
              title={t('withdraw.cancel.title')}
              asset={w.asset}
              total={w.total}
              detail={t('withdraw.cancel.body', { total: fmt(w.total) })}
              lines={[
                { label: t('withdraw.cancel.amount'), value: fmt(w.amount) },
                { label: t('withdraw.cancel.returned'), value: fmt(w.total) },
              ]}
              submitLabel={t('withdraw.cancel.confirm')}
              onBack={() => setAsking(false)}
              onConfirm={cancel}
            />
          ) : (
            <div>
              <button type="button" className="cash-button" data-variant="secondary" onClick={() => setAsking(true)}>
                {t('withdraw.cancel')}
              </button>
            </div>
          )}
        </>
      ) : null}
      {w.status === 'cancelled' ? (
        <p className="cash-notice" style={{ margin: 0 }}>
          {t('withdraw.cancelled')}
        </p>
      ) : null}
      {w.status === 'failed' ? (
        <p className="cash-warning" style={{ margin: 0 }}>
          {t('withdraw.failed', { reason: w.failureReason ?? '' })}
        </p>
      ) : null}
      {w.status === 'confirmed' ? (
        <p className="cash-positive" style={{ margin: 0 }}>
          {t('withdraw.confirmed')}
        </p>
      ) : null}
      {w.txHash ? (
        <p className="cash-mono cash-muted" style={{ margin: 0 }}>
          {w.txHash}
        </p>
      ) : null}
    </section>
  )
}
