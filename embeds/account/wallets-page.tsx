import { useState } from 'react'
import { WalletsView } from '../../domain/api/settings.schema'
import { formatDate } from '../../domain/format-date'
import { sandboxWallet, signIssuedMessage, walletErrorMessage, type WalletSigned } from '../lib/browser-wallet'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { readyData, useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { useClientConfig } from '../lib/use-client-config'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { SandboxChip } from '../ui/sandbox-chip'
import { ResourceView } from '../ui/resource-view'

/**
 * `/settings/wallets`: linked wallets, linking one by signature, and unlinking. Both are confirmed the same way
 * (password, or the host's biometrics in the app): a session alone must not add a way to sign in.
 */
export function WalletsPage() {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const loaded = useResource('wallets', (signal) => api.get('/wallets', WalletsView, signal))
  const [view, setView] = useState<WalletsView | null>(null)
  const [unlinking, setUnlinking] = useState<string | null>(null)
  // Signed by the wallet, waiting for the holder's confirmation (a wrong password keeps the signature usable).
  const [linking, setLinking] = useState<WalletSigned | null>(null)
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

        if (linking) {
          return (
            <ConfirmSheet
              title={t('wallets.linkTitle')}
              lines={[{ label: t('wallets.wallet'), value: linking.address, code: true }]}
              total="0"
              asset="USD"
              detail={t('wallets.linkDetail')}
              submitLabel={t('wallets.linkConfirm')}
              onBack={() => setLinking(null)}
              onSend={async (confirmation) => {
                const { message, signature } = linking
                const next = await api.post('/wallets', WalletsView, { message, signature, confirmation })
                setView(next)
                setLinking(null)
                const added = next.wallets.find((w) => w.address.toLowerCase() === linking.address.toLowerCase())
                setNotice(t('wallets.linked', { address: added?.address ?? linking.address }))
              }}
            />
          )
        }

        const startLink = (useSandbox = false) =>
          link.run(async () => {
            setNotice(null)
            setLinkError(null)
            try {
              setLinking(await signIssuedMessage(api, '/wallets/nonce', useSandbox ? await sandboxWallet() : undefined))
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
