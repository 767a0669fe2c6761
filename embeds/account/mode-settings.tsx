import { errorText } from '../../domain/error-words'
import { useState } from 'react'
import { ModeResponse } from '../../domain/api/borrow.schema'
import { formatPercent } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { formatSeconds, useCountdown } from '../lib/use-countdown'
import { readyData, useResource } from '../lib/use-resource'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { ResourceView } from '../ui/resource-view'

type Mode = ModeResponse['mode']

/**
 * Direct Pay or Borrow: the current mode, a switch waiting out the mode delay (with its countdown and a
 * cancel), what blocks switching back (debt), and the switch itself behind the holder's confirmation.
 */
export function ModeSettings({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [confirming, setConfirming] = useState(false)
  const cancel = useAction()
  const data = useResource(
    `mode:${accountId}`,
    (signal) => api.get(`/accounts/${accountId}/mode`, ModeResponse, signal),
    { pollMs: 2000, keepPolling: (m) => m.pending !== null },
  )
  const seconds = useCountdown(readyData(data)?.pending?.effectiveAt ?? null)
  return (
    <ResourceView resource={data}>
      {(m) => {
        const other: Mode = m.mode === 'borrow' ? 'direct_pay' : 'borrow'
        const modeName = (mode: Mode) => t(`home.mode.${mode}`)
        if (confirming) {
          return (
            <ConfirmSheet
              title={t('settings.mode.confirmTitle', { mode: modeName(other) })}
              lines={[
                { label: t('settings.mode.new'), value: modeName(other) },
                {
                  label: t('settings.mode.when'),
                  value: t('settings.mode.afterDelay', { seconds: String(m.delaySeconds) }),
                },
                ...(other === 'borrow'
                  ? [{ label: t('settings.mode.apr'), value: formatPercent(m.aprPercent, locale) }]
                  : []),
              ]}
              total="0"
              asset="USD"
              detail={t(`settings.mode.explain.${other}`, { apr: formatPercent(m.aprPercent, locale) })}
              submitLabel={t('confirm.confirm')}
              onBack={() => setConfirming(false)}
              onSend={async (confirmation) => {
                await api.put(`/accounts/${accountId}/mode`, ModeResponse, { mode: other, confirmation })
                setConfirming(false)
                data.reload()
              }}
            />
          )
        }
        return (
          <section
            id="mode"
            className="cash-card cash-stack"
            aria-labelledby="settings-mode"
            data-testid="settings.mode"
          >
            <div className="cash-row">
              <h2 id="settings-mode">{t('settings.mode.title')}</h2>
              <span className="cash-badge">{modeName(m.mode)}</span>
            </div>
            <p style={{ margin: 0 }}>
              {t(`settings.mode.explain.${m.mode}`, { apr: formatPercent(m.aprPercent, locale) })}
            </p>
            {m.pending ? (
              <div className="cash-notice cash-stack" role="status" data-testid="settings.mode.pending">
                <span>
                  {t('settings.mode.pending', { mode: modeName(m.pending.toMode), time: formatSeconds(seconds) })}
                </span>
                {canManage ? (
                  <div>
                    <button
                      type="button"
                      className="cash-button"
                      data-variant="secondary"
                      disabled={cancel.busy}
                      onClick={() =>
                        void cancel.run(
                          async () => (
                            await api.put(`/accounts/${accountId}/mode`, ModeResponse, { mode: m.mode }), data.reload()
                          ),
                        )
                      }
                    >
                      {t('settings.mode.cancel')}
                    </button>
                  </div>
                ) : null}
              </div>
            ) : null}
            {m.lastRefused ? (
              <p className="cash-alert" role="alert">
                {t('settings.mode.refused', {
                  mode: modeName(m.lastRefused.toMode),
                  reason: m.lastRefused.reasonKey ? errorText(m.lastRefused.reasonKey, locale) : m.lastRefused.reason,
                })}
              </p>
            ) : null}
            {cancel.error ? (
              <p className="cash-alert" role="alert">
                {cancel.error}
              </p>
            ) : null}
            {!m.pending && canManage ? (
              m.blockerKey ? (
                <div className="cash-notice cash-stack">
                  <span>{errorText(m.blockerKey, locale)}</span>
                  {m.debt !== '0' ? <a href="/app/cash/repay">{t('home.health.repay')}</a> : null}
                </div>
              ) : (
                <div>
                  <button type="button" className="cash-button" onClick={() => setConfirming(true)}>
                    {t('settings.mode.switch', { mode: modeName(other) })}
                  </button>
                </div>
              )
            ) : null}
            {!canManage ? (
              <p className="cash-muted" style={{ margin: 0 }}>
                {t('settings.onlyManagers')}
              </p>
            ) : null}
          </section>
        )
      }}
    </ResourceView>
  )
}
