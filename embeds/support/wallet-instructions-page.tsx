import type { z } from 'zod'
import { CardsResponse } from '../../domain/api/money-out.schema'
import { useBridge } from '../lib/bridge-context'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { AddToWallet } from '../ui/add-to-wallet'
import { ResourceView } from '../ui/resource-view'

type Card = z.infer<typeof CardsResponse>['items'][number]
const APPLE_STEPS = ['1', '2', '3', '4', '5'] as const
const GOOGLE_STEPS = ['1', '2', '3', '4'] as const

/**
 * `/support/wallet-instruct`: how to add the card to Apple Pay and Google Pay. Inside a native host that offers
 * `addToWallet`, each card that can pay gets the button that provisions it; everywhere else (the web fallback)
 * the holder follows the wallet app's own steps. A signed-in holder sees which of their cards can be added
 * (active, and activated if physical).
 */
export function WalletInstructionsPage() {
  const { t } = useI18n()
  const { state } = useSession()
  const bridge = useBridge()
  const platform = bridge.context?.platform
  const membership = state.status === 'signed-in' ? state.session.memberships[0] : undefined
  const apple = (
    <WalletSteps
      key="apple"
      id="apple"
      title={t('support.wallet.apple.title')}
      steps={APPLE_STEPS.map((s) => t(`support.wallet.apple.${s}`))}
    />
  )
  const google = (
    <WalletSteps
      key="google"
      id="google"
      title={t('support.wallet.google.title')}
      steps={GOOGLE_STEPS.map((s) => t(`support.wallet.google.${s}`))}
    />
  )
  return (
    <div className="cash-stack">
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('support.wallet.intro')}
      </p>
      {state.status === 'signed-in' && membership ? (
        <YourCards
          accountId={membership.accountId}
          cardsPath={membership.accountKind === 'corporate' ? '/app/cash/card/@corporate' : '/app/cash/card/@personal'}
          orderPath={
            membership.accountKind === 'corporate'
              ? '/app/cash/order-card/@corporate'
              : '/app/cash/order-card/@personal'
          }
        />
      ) : state.status === 'signed-out' ? (
        <p className="cash-card" style={{ margin: 0 }}>
          {t('support.wallet.signedOut')}{' '}
          <a href={`/app/cash/sign-in?next=${encodeURIComponent('/app/cash/support/wallet-instruct')}`}>
            {t('support.signIn.action')}
          </a>
        </p>
      ) : null}
      <p className="cash-notice" style={{ margin: 0 }} data-testid="support.wallet.how">
        {t(bridge.has('addToWallet') ? 'support.wallet.inApp' : 'support.wallet.manualOnly')}
      </p>
      {platform === 'android' ? [google, apple] : [apple, google]}
      <p className="cash-warning" style={{ margin: 0 }}>
        {t('support.wallet.safety')}
      </p>
    </div>
  )
}

function WalletSteps({ id, title, steps }: { id: string; title: string; steps: string[] }) {
  return (
    <section className="cash-card cash-stack" aria-labelledby={`wallet-${id}`} data-testid={`support.wallet.${id}`}>
      <h2 id={`wallet-${id}`}>{title}</h2>
      <ol style={{ margin: 0, paddingInlineStart: 24, display: 'grid', gap: 6 }}>
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </section>
  )
}

const ready = (c: Card) => c.status === 'active' && (c.kind === 'virtual' || c.shipping?.status === 'activated')

function YourCards({ accountId, cardsPath, orderPath }: { accountId: string; cardsPath: string; orderPath: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const inApp = useBridge().has('addToWallet')
  const cards = useResource(`wallet-cards:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/cards`, CardsResponse, signal),
  )
  return (
    <ResourceView resource={cards}>
      {(loaded) => {
        const usable = loaded.items.filter((c) => c.status !== 'cancelled')
        return (
          <section className="cash-card cash-stack" aria-labelledby="wallet-cards" data-testid="support.wallet.cards">
            <h2 id="wallet-cards">{t('support.wallet.cardsTitle')}</h2>
            {usable.length === 0 ? (
              <p style={{ margin: 0 }}>
                {t('support.wallet.noCard')} <a href={orderPath}>{t('support.wallet.orderCard')}</a>
              </p>
            ) : (
              <ul className="cash-list">
                {usable.map((c) => (
                  <li key={c.id} className="cash-stack" style={{ gap: 4 }}>
                    <strong>{t('support.wallet.yourCard', { last4: c.last4 })}</strong>
                    <span className={ready(c) ? 'cash-positive' : 'cash-muted'}>
                      {ready(c)
                        ? t('support.wallet.cardReady')
                        : c.status === 'frozen'
                          ? t('support.wallet.cardFrozen')
                          : t('support.wallet.cardNotActivated')}
                    </span>
                    {ready(c) && inApp ? <AddToWallet card={c} /> : null}
                  </li>
                ))}
              </ul>
            )}
            {usable.length > 0 ? <a href={cardsPath}>{t('support.wallet.showDetails')}</a> : null}
          </section>
        )
      }}
    </ResourceView>
  )
}
