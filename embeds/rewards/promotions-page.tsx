import { errorText } from '../../domain/error-words'
import { useId } from 'react'
import { HolderCampaignsResponse, HolderCampaignView } from '../../domain/api/cashback.schema'
import type { z } from 'zod'
import { CASHBACK_CATEGORIES, type CashbackCategory } from '../../domain/cashback'
import { formatPercent } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { CalloutCard } from '../ui/state-views'
import { day, usdc } from './cashback-page'
import { ResourceView } from '../ui/resource-view'

type Campaign = z.infer<typeof HolderCampaignView>
const categoryKey = (c: string | null): CashbackCategory =>
  (CASHBACK_CATEGORIES as readonly string[]).includes(c ?? '') ? (c as CashbackCategory) : 'other'
type Kind = Campaign['kind']
const PAGE: Record<Kind, string> = {
  splashback: '/app/cash/promotion/splashback',
  triple_dip: '/app/cash/promotion/triple-dip',
  summer_mint: '/app/cash/promotion/summer-mint',
  membership_rewards: '/app/cash/promotion/membership-rewards',
}

function useCampaigns(accountId: string) {
  const { api } = useSession()
  return useResource(`campaigns:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/campaigns`, HolderCampaignsResponse, signal),
  )
}

/** One campaign: rules, window, eligibility, opt-in, progress and what was earned. */
function CampaignCard({
  accountId,
  c,
  onChanged,
  detailed,
}: {
  accountId: string
  c: Campaign
  onChanged: () => void
  detailed: boolean
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const id = useId()
  const join = useAction()
  const money = (v: string) => usdc(v, locale)
  const reward = {
    splashback: () =>
      t('promotion.rule.splashback', {
        percent: formatPercent(String(c.bps / 100), locale),
        category: t(`promotion.category.${categoryKey(c.category)}`),
      }),
    triple_dip: () => t('promotion.rule.tripleDip', { multiplier: String(c.multiplier) }),
    summer_mint: () => t('promotion.rule.summerMint', { goal: money(c.spendGoal ?? '0') }),
    membership_rewards: () => t('promotion.rule.membershipRewards'),
  }[c.kind]()
  // Summer Mint and membership rewards pay no cashback: their progress and claim live on their own pages.
  const cashbackKind = c.kind === 'splashback' || c.kind === 'triple_dip'
  return (
    <section
      className="cash-card cash-stack"
      aria-labelledby={`${id}-name`}
      data-testid="promotion.campaign"
      data-kind={c.kind}
    >
      <div className="cash-row">
        <h2 id={`${id}-name`}>{detailed ? c.name : <a href={PAGE[c.kind]}>{c.name}</a>}</h2>
        <span className="cash-badge">{t(`promotion.status.${c.status}`)}</span>
      </div>
      <p style={{ margin: 0 }}>{reward}</p>
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('promotion.window', { from: day(c.startsAt, locale), to: day(c.endsAt, locale) })}
      </p>
      {detailed ? (
        <ul className="cash-stack" style={{ margin: 0 }}>
          {c.eligibility.kycApproved ? <li>{t('promotion.eligibility.kyc')}</li> : null}
          {c.eligibility.activeCard ? <li>{t('promotion.eligibility.card')}</li> : null}
          {c.eligibility.personalOnly ? <li>{t('promotion.eligibility.personal')}</li> : null}
          <li>{t('promotion.caps', { holder: money(c.perHolderCap), total: money(c.totalCap) })}</li>
          <li data-testid="promotion.payout">{t('promo.paidOn', { date: day(c.payoutAt, locale) })}</li>
        </ul>
      ) : null}
      {!cashbackKind ? (
        <p style={{ margin: 0 }}>
          <a href={PAGE[c.kind]}>{t(c.kind === 'summer_mint' ? 'promotion.seeProgress' : 'promotion.seeReward')}</a>
        </p>
      ) : null}
      {cashbackKind ? (
        <div className="cash-stack">
          <label htmlFor={`${id}-progress`}>
            {t('promotion.earned', { earned: money(c.earned), cap: money(c.perHolderCap) })}
          </label>
          <progress id={`${id}-progress`} max={100} value={c.progressPercent} />
        </div>
      ) : null}
      {!c.eligible && c.ineligibleReasonKey ? (
        <p className="cash-notice" style={{ margin: 0 }}>
          {errorText(c.ineligibleReasonKey, locale)}
        </p>
      ) : null}
      {c.optInRequired && c.status !== 'ended' ? (
        c.optedIn ? (
          <p className="cash-badge" style={{ margin: 0 }} data-testid="promotion.opted-in">
            {t('promotion.optedIn')}
          </p>
        ) : (
          <div className="cash-stack">
            <p style={{ margin: 0 }}>{t('promotion.optInNeeded')}</p>
            <div>
              <button
                type="button"
                className="cash-button"
                disabled={join.busy || !c.eligible}
                onClick={() =>
                  void join.run(
                    async () => (
                      await api.post(`/accounts/${accountId}/campaigns/${c.id}/opt-in`, HolderCampaignView), onChanged()
                    ),
                  )
                }
              >
                {t('promotion.optIn')}
              </button>
            </div>
            {join.error ? (
              <p className="cash-alert" role="alert">
                {join.error}
              </p>
            ) : null}
          </div>
        )
      ) : null}
    </section>
  )
}

/** `promotion`: every campaign the holder can see, with progress and earnings; `kind` narrows to one page. */
export function PromotionsPage({ accountId, kind }: { accountId: string; kind?: 'splashback' | 'triple_dip' }) {
  const { t } = useI18n()
  const data = useCampaigns(accountId)
  return (
    <ResourceView resource={data}>
      {(loaded) => {
        const items = loaded.items.filter((c) => !kind || c.kind === kind)
        if (items.length === 0)
          return (
            <CalloutCard
              title={t('promotion.none.title')}
              body={t(kind ? `promotion.none.${kind}` : 'promotion.none.body')}
              action={<a href="/app/cash/cashback">{t('promotion.seeCashback')}</a>}
            />
          )
        return (
          <div className="cash-stack">
            {items.map((c) => (
              <CampaignCard key={c.id} accountId={accountId} c={c} onChanged={data.reload} detailed={!!kind} />
            ))}
          </div>
        )
      }}
    </ResourceView>
  )
}
