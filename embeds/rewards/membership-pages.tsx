import { Sparkles } from 'lucide-react'
import { MembershipActivityResponse, MembershipResponse } from '../../domain/api/membership.schema'
import { TIER_NAMES } from '../../domain/card-issuing'
import { formatDate, formatMonth } from '../../domain/format-date'
import { movementTitleText } from '../../domain/movement-words'
import { formatPercent, formatDecimal } from '../../domain/money'
import { HOLDING_USD_PER_POINT, ONE_DOLLAR, POINTS_PER_DOLLAR } from '../../domain/membership'
import { format } from '../../domain/word-format'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { SegmentedNav } from '../ui/segmented'
import { EmptyState } from '../ui/empty-state'
import { TableScroll } from '../ui/table-scroll'
import { ResourceView } from '../ui/resource-view'

/** Why a holder's tier changed, as the activity list words it. */
type TierChange = 'upgrade' | 'requalification' | 'vip_set' | 'vip_removed'

function useMembership(accountId: string) {
  const { api } = useSession()
  return useResource(`membership:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/membership`, MembershipResponse, signal),
  )
}

function MembershipNav({ current }: { current: string }) {
  const { t } = useI18n()
  const items = [
    { href: '/app/cash/my-membership', label: t('membership.nav.overview') },
    { href: '/app/cash/my-membership/activity', label: t('membership.nav.activity') },
    { href: '/app/cash/my-membership/benefits', label: t('membership.nav.benefits') },
  ]
  return <SegmentedNav label={t('membership.nav')} items={items} current={current} />
}

/**
 * `my-membership`: the tier, this month's points, progress to the next tier, and what re-qualification means and when.
 */
export function MyMembershipPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <MembershipNav current="/app/cash/my-membership" />
      <NeedsAccount>{(accountId) => <MembershipOverview accountId={accountId} />}</NeedsAccount>
    </Page>
  )
}

function MembershipOverview({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const data = useMembership(accountId)
  return (
    <ResourceView resource={data}>
      {(m) => {
        const fmt = (n: number) => new Intl.NumberFormat(locale).format(n)
        // Tiers turn at 00:00 UTC on the 1st: that day is UTC's.
        const requalifyDate = formatDate(m.requalifiesAt, locale, 'date', 'UTC')
        return (
          <>
            <section className="cash-card cash-stack" aria-labelledby="membership-tier" data-testid="membership.tier">
              <div className="cash-row">
                <h2 id="membership-tier">{t('membership.tier', { tier: m.tierName })}</h2>
                <span className="cash-badge">{m.tierName}</span>
              </div>
              <p style={{ margin: 0 }}>
                {t('membership.points', { points: fmt(m.points), month: formatMonth(m.month, locale) })}
              </p>
              {m.next ? (
                <div className="cash-stack">
                  <label htmlFor="membership-progress">
                    {t('membership.progress', { needed: fmt(m.next.pointsNeeded), tier: m.next.tierName })}
                  </label>
                  <progress
                    id="membership-progress"
                    max={m.next.threshold}
                    value={m.points}
                    aria-valuetext={t('membership.progressValue', {
                      points: fmt(m.points),
                      threshold: fmt(m.next.threshold),
                    })}
                    style={{ width: '100%' }}
                  />
                </div>
              ) : (
                <p className="cash-muted" style={{ margin: 0 }}>
                  {m.tier === 'vip' ? t('membership.vipTop') : t('membership.top')}
                </p>
              )}
            </section>
            <section className="cash-card cash-stack" aria-labelledby="membership-requalify">
              <h2 id="membership-requalify">{t('membership.requalify.title')}</h2>
              <p style={{ margin: 0 }}>
                {m.tier === 'vip'
                  ? t('membership.requalify.vip')
                  : t('membership.requalify.body', {
                      date: requalifyDate,
                      luxe: fmt(m.thresholds.luxe),
                      pinnacle: fmt(m.thresholds.pinnacle),
                    })}
              </p>
              {m.tier !== 'vip' ? (
                <p style={{ margin: 0 }} data-testid="membership.requalifiesTo">
                  {t('membership.requalify.keep', {
                    date: requalifyDate,
                    tier: m.benefits.find((b) => b.tier === m.requalifiesTo)!.name,
                  })}
                </p>
              ) : null}
              <p className="cash-muted" style={{ margin: 0 }}>
                {t('membership.howPoints', {
                  spend: format(locale).whole(String(ONE_DOLLAR / BigInt(POINTS_PER_DOLLAR))),
                  holding: format(locale).whole(String(HOLDING_USD_PER_POINT * ONE_DOLLAR)),
                })}
              </p>
            </section>
          </>
        )
      }}
    </ResourceView>
  )
}

/** `my-membership/activity`: every point movement and tier change. */
export function MembershipActivityPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <MembershipNav current="/app/cash/my-membership/activity" />
      <NeedsAccount>{(accountId) => <ActivityList accountId={accountId} />}</NeedsAccount>
    </Page>
  )
}

function ActivityList({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const data = useResource(`membership-activity:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/membership/activity`, MembershipActivityResponse, signal),
  )
  return (
    <ResourceView resource={data}>
      {(loaded) => {
        if (loaded.items.length === 0)
          return (
            <div className="cash-card">
              <EmptyState icon={Sparkles} text={t('membership.activity.empty')} />
            </div>
          )
        return (
          <ul className="cash-list cash-card" aria-label={t('membership.activity.list')}>
            {loaded.items.map((item) => (
              <li key={item.id} className="cash-row">
                <span className="cash-stack" style={{ gap: 2 }}>
                  <span>
                    {item.kind === 'tier' && item.fromTier && item.toTier
                      ? t(`membership.activity.tier.${item.reason as TierChange}`, {
                          change: `${TIER_NAMES[item.fromTier]} → ${TIER_NAMES[item.toTier]}`,
                        })
                      : item.title
                        ? movementTitleText(item.title, locale)
                        : null}
                  </span>
                  <span className="cash-muted">
                    {t(`membership.activity.reason.${item.reason}`)} ·{' '}
                    <time dateTime={item.at}>{formatDate(item.at, locale, 'dateTime')}</time>
                  </span>
                </span>
                {item.kind === 'points' ? (
                  <strong>
                    {t('membership.activity.points', {
                      points: `${item.points > 0 ? '+' : ''}${new Intl.NumberFormat(locale).format(item.points)}`,
                    })}
                  </strong>
                ) : null}
              </li>
            ))}
          </ul>
        )
      }}
    </ResourceView>
  )
}

/** `my-membership/benefits`: the tiers side by side, from the same constants the server enforces. */
export function MembershipBenefitsPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <MembershipNav current="/app/cash/my-membership/benefits" />
      <NeedsAccount>{(accountId) => <BenefitsTable accountId={accountId} />}</NeedsAccount>
    </Page>
  )
}

export function BenefitsTable({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const data = useMembership(accountId)
  return (
    <ResourceView resource={data}>
      {(m) => (
        <TableScroll label={t('membership.benefits.caption', { tier: m.tierName })}>
          <table className="cash-table">
            <caption>{t('membership.benefits.caption', { tier: m.tierName })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('membership.benefits.tier')}</th>
                <th scope="col">{t('membership.benefits.points')}</th>
                <th scope="col">{t('membership.benefits.cashback')}</th>
                <th scope="col">{t('membership.benefits.virtual')}</th>
                <th scope="col">{t('membership.benefits.physical')}</th>
                <th scope="col">{t('membership.benefits.reward')}</th>
              </tr>
            </thead>
            <tbody>
              {m.benefits.map((b) => (
                <tr key={b.tier} aria-current={b.tier === m.tier ? 'true' : undefined}>
                  <th scope="row">
                    {b.name}
                    {b.tier === m.tier ? ` (${t('membership.benefits.yours')})` : ''}
                  </th>
                  <td>
                    {b.threshold === null
                      ? t('membership.benefits.invite')
                      : new Intl.NumberFormat(locale).format(b.threshold)}
                  </td>
                  <td>{formatPercent(String(b.cashbackPercent), locale)}</td>
                  <td>{b.virtualCards}</td>
                  <td>{b.physicalCards}</td>
                  <td>{b.monthlyReward === '0' ? '—' : formatDecimal(b.monthlyReward, 'USDC', locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </ResourceView>
  )
}
