import { MembershipRewardResponse } from '../../domain/api/membership.schema'
import { formatDate, formatMonth } from '../../domain/format-date'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { FeaturePending } from '../ui/feature-pending'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { CalloutCard, ErrorState, LoadingState } from '../ui/state-views'
import { usd } from '../rewards/membership-pages'

/** The membership-rewards promotion, in the shell and as the standalone page `webview/promotion/membership-rewards`. */
export function MembershipRewardsEmbed({ path, title }: EmbedProps) {
  if (path === '/promotion/membership-rewards')
    return (
      <Page title={title}>
        <NeedsAccount>{(accountId) => <MembershipRewards accountId={accountId} />}</NeedsAccount>
      </Page>
    )
  return <FeaturePending title={title} />
}

function MembershipRewards({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const claim = useAction()
  const data = useResource(`membership-rewards:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/promotions/membership-rewards`, MembershipRewardResponse, signal),
  )
  if (data.status === 'loading') return <LoadingState />
  if (data.status === 'error') return <ErrorState message={data.error.message} onRetry={data.reload} />
  const r = data.data
  if (!r.running)
    return (
      <CalloutCard
        title={t('promo.none.membershipRewards.title')}
        body={t('promo.none.membershipRewards.body')}
        action={<a href="/app/cash/promotion">{t('promo.seeAll')}</a>}
      />
    )
  const next = formatDate(r.nextClaimFrom, locale, 'date', 'UTC')
  return (
    <>
      <section className="cash-card cash-stack" aria-labelledby="mr-rules">
        <h2 id="mr-rules">{t('membershipRewards.rules.title')}</h2>
        <p style={{ margin: 0 }}>{t('membershipRewards.rules.body')}</p>
        <ul className="cash-list">
          {r.rewards.map((x) => (
            <li key={x.tier} className="cash-row" aria-current={x.tier === r.tier ? 'true' : undefined}>
              <span>
                {x.tierName}
                {x.tier === r.tier ? ` (${t('membership.benefits.yours')})` : ''}
              </span>
              <strong>
                {x.amount === '0'
                  ? t('membershipRewards.none')
                  : t('membershipRewards.perMonth', { amount: usd(x.amount, locale) })}
              </strong>
            </li>
          ))}
        </ul>
      </section>
      <section className="cash-card cash-stack" aria-labelledby="mr-claim" data-testid="membership-rewards.claim">
        <h2 id="mr-claim">{t('membershipRewards.claim.title', { month: formatMonth(r.month, locale) })}</h2>
        {r.claimed ? (
          <p role="status" style={{ margin: 0 }}>
            {t('membershipRewards.claimed', { amount: usd(r.claimed.amount, locale), date: next })}
          </p>
        ) : r.amount === '0' ? (
          <p style={{ margin: 0 }}>
            {t('membershipRewards.coreNone')} <a href="/app/cash/my-membership">{t('membership.nav.overview')}</a>
          </p>
        ) : (
          <>
            <p style={{ margin: 0 }}>
              {t('membershipRewards.available', { amount: usd(r.amount, locale), tier: r.tierName })}
            </p>
            {r.poolShort ? (
              <p className="cash-notice" style={{ margin: 0 }}>
                {t('membershipRewards.poolShort')}
              </p>
            ) : null}
            <div>
              <button
                type="button"
                className="cash-button"
                disabled={claim.busy || r.poolShort}
                onClick={() =>
                  void claim.run(
                    async () => (
                      await api.post(
                        `/accounts/${accountId}/promotions/membership-rewards/claim`,
                        MembershipRewardResponse,
                        undefined,
                        { idempotencyKey: crypto.randomUUID() },
                      ),
                      data.reload()
                    ),
                  )
                }
              >
                {claim.busy
                  ? t('membershipRewards.claiming')
                  : t('membershipRewards.claim', { amount: usd(r.amount, locale) })}
              </button>
            </div>
          </>
        )}
        {claim.error ? (
          <p className="cash-alert" role="alert">
            {claim.error}
          </p>
        ) : null}
      </section>
    </>
  )
}
