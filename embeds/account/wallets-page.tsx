import { useState } from 'react'
import { WalletsView } from '../../domain/api/settings.schema'
import { formatDate } from '../../domain/format-date'
import { sandboxWallet, signWithWallet, walletErrorMessage } from '../lib/browser-wallet'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { readyData, useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { useClientConfig } from '../lib/use-client-config'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { SandboxChip } from '../ui/sandbox-chip'
import { ResourceView } from '../ui/resource-view'

/** `/settings/wallets`: linked wallets, linking one by signature, and unlinking after confirmation. */
export function WalletsPage() {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const loaded = useResource('wallets', (signal) => api.get('/wallets', WalletsView, signal))
  const [view, setView] = useState<WalletsView | null>(null)
  const [unlinking, setUnlinking] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [linkError, setLinkError] = useState<string | null>(null)
  const link = useAction()
  const config = readyData(useClientConfig())
  const sandbox = config !== undefined && config.monitoring.environment !== 'production'
  return (
    <ResourceView resource={loaded}>
      {(ready) => {
        const wallets = (view ?? ready).wallets

        if (unlinking) {
          return (
            <ConfirmSheet
              title={t('wallets.unlinkTitle')}
              lines={[{ label: t('wallets.wallet'), value: unlinking }]}
              total="0"
              asset="USD"
              detail={t('wallets.unlinkDetail')}
              submitLabel={t('wallets.unlink')}
              onBack={() => setUnlinking(null)}
              onSend={async (confirmation) => {
                setView(await api.post(`/wallets/${unlinking}/unlink`, WalletsView, { confirmation }))
                setUnlinking(null)
                setNotice(t('wallets.unlinked'))
              }}
            />
          )
        }

        const startLink = (useSandbox = false) =>
          link.run(async () => {
            setNotice(null)
            setLinkError(null)
            try {
              const next = await signWithWallet(
                api,
                { nonce: '/wallets/nonce', submit: '/wallets' },
                WalletsView,
                {},
                useSandbox ? await sandboxWallet() : undefined,
              )
              setView(next)
              const added = next.wallets.at(-1)
              setNotice(t('wallets.linked', { address: added?.address ?? '' }))
            } catch (error) {
              setLinkError(walletErrorMessage(error, t))
            }
          })

        return (
          <div className="cash-stack">
            <p className="cash-muted" style={{ margin: 0 }}>
              {t('wallets.intro')}
            </p>
            <section className="cash-card cash-stack" aria-label={t('settings.wallets')}>
              {wallets.length === 0 ? (
                <p className="cash-muted" style={{ margin: 0 }}>
                  {t('wallets.none')}
                </p>
              ) : null}
              <ul className="cash-stack" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {wallets.map((w) => (
                  <li key={w.address} className="cash-row" data-testid="wallets.item">
                    <span>
                      <span className="cash-mono">{w.address}</span>
                      <br />
                      <span className="cash-muted">
                        {t('wallets.linkedOn', { date: formatDate(w.linkedAt, locale, 'date') })}
                      </span>
                    </span>
                    <button
                      type="button"
                      className="cash-button"
                      data-variant="secondary"
                      aria-label={`${t('wallets.unlink')} ${w.address}`}
                      onClick={() => (setNotice(null), setUnlinking(w.address))}
                    >
                      {t('wallets.unlink')}
                    </button>
                  </li>
                ))}
              </ul>
              {notice ? (
                <p role="status" className="cash-notice" style={{ margin: 0 }}>
                  {notice}
                </p>
              ) : null}
              {linkError ? (
                <p role="alert" className="cash-alert" style={{ margin: 0 }}>
                  {linkError}
                </p>
              ) : null}
              <button type="button" className="cash-button" disabled={link.busy} onClick={() => void startLink()}>
                {link.busy ? t('wallets.linking') : t('wallets.link')}
              </button>
              {sandbox ? (
                <div className="cash-stack" style={{ gap: 8 }} data-testid="wallets.sandbox">
                  <p className="cash-muted" style={{ margin: 0 }}>
                    <SandboxChip /> {t('wallets.sandboxHint')}
                  </p>
                  <button
                    type="button"
                    className="cash-button"
                    data-variant="secondary"
                    disabled={link.busy}
                    onClick={() => void startLink(true)}
                  >
                    {t('wallets.sandboxLink')}
                  </button>
                </div>
              ) : null}
            </section>
          </div>
        )
      }}
    </ResourceView>
  )
}
