import type { z } from 'zod'
import type { MembershipRewardResponse } from '../../domain/api/membership.schema'
import { formatDate, formatMonth } from '../../domain/format-date'
import { useI18n } from '../lib/i18n'
import { CalloutCard } from '../ui/state-views'
import { formatDecimal } from '../../domain/money'

export type MembershipReward = z.infer<typeof MembershipRewardResponse>

/**
 * The membership-rewards promotion: each tier's monthly reward (the holder's marked), and this month's claim:
 * claimed, nothing for the tier, or the amount with Claim (`busy` while it is sent, `error` if it was refused).
 */
export function MembershipRewardsView({
  reward: r,
  busy,
  error,
  onClaim,
}: {
  reward: MembershipReward
  busy: boolean
  error: string | null
  onClaim: () => void
}) {
  const { t, locale } = useI18n()
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
                  : t('membershipRewards.perMonth', { amount: formatDecimal(x.amount, 'USDC', locale) })}
              </strong>
            </li>
          ))}
        </ul>
      </section>
      <section className="cash-card cash-stack" aria-labelledby="mr-claim" data-testid="membership-rewards.claim">
        <h2 id="mr-claim">{t('membershipRewards.claim.title', { month: formatMonth(r.month, locale) })}</h2>
        {r.claimed ? (
          <p role="status" style={{ margin: 0 }}>
            {t('membershipRewards.claimed', { amount: formatDecimal(r.claimed.amount, 'USDC', locale), date: next })}
          </p>
        ) : r.amount === '0' ? (
          <p style={{ margin: 0 }}>
            {t('membershipRewards.coreNone')} <a href="/app/cash/my-membership">{t('membership.nav.overview')}</a>
          </p>
        ) : (
          <>
            <p style={{ margin: 0 }}>
              {t('membershipRewards.available', { amount: formatDecimal(r.amount, 'USDC', locale), tier: r.tierName })}
            </p>
            {r.poolShort ? (
              <p className="cash-notice" style={{ margin: 0 }}>
                {t('membershipRewards.poolShort')}
              </p>
            ) : null}
            <div>
              <button type="button" className="cash-button" disabled={busy || r.poolShort} onClick={onClaim}>
                {busy
                  ? t('membershipRewards.claiming')
                  : t('membershipRewards.claim', { amount: formatDecimal(r.amount, 'USDC', locale) })}
              </button>
            </div>
          </>
        )}
        {error ? (
          <p className="cash-alert" role="alert">
            {error}
          </p>
        ) : null}
      </section>
    </>
  )
}
