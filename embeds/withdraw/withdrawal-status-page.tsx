import { useState } from 'react'
import { WithdrawalsResponse, WithdrawalView } from '../../domain/api/money-out.schema'
import { formatMoney, parseAmount } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useCountdown } from '../lib/use-countdown'
import { readyData, useResource } from '../lib/use-resource'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { ResourceView } from '../ui/resource-view'
import { type Withdrawal, WithdrawalStatusView } from './withdrawal-status-view'

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
  const latest = readyData(list)?.items[0]
  const left = useCountdown(latest?.status === 'delayed' ? latest.releaseAt : null)
  const cancel = async (w: Withdrawal) => {
    await api.post(`/accounts/${accountId}/withdrawals/${w.id}/cancel`, WithdrawalView, undefined, {
      idempotencyKey: `cancel-${w.id}`,
    })
    setAsking(false)
    list.reload()
  }
  return (
    <ResourceView
      resource={list}
      isEmpty={(d) => d.items.length === 0}
      empty={<p className="cash-muted">{t('withdraw.none')}</p>}
    >
      {(d) => {
        const w = d.items[0]!
        const fmt = (v: string) => formatMoney(parseAmount(v, w.asset), w.asset, locale)
        return (
          <WithdrawalStatusView
            withdrawal={w}
            secondsLeft={left}
            onCancel={() => setAsking(true)}
            cancelSheet={
              asking ? (
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
                  onConfirm={() => cancel(w)}
                />
              ) : null
            }
          />
        )
      }}
    </ResourceView>
  )
}
