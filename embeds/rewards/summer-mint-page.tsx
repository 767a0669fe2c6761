import { SummerMintResponse } from '../../domain/api/membership.schema'
import { formatDate } from '../../domain/format-date'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { CalloutCard } from '../ui/state-views'
import { ResourceView } from '../ui/resource-view'
import { formatDecimal } from '../../domain/money'

/** `promotion/summer-mint`: the rules, progress towards the spend goal in the window, and the badge once earned. */
export function SummerMintPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <NeedsAccount>{(accountId) => <SummerMint accountId={accountId} />}</NeedsAccount>
    </Page>
  )
}

function SummerMint({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const data = useResource(`summer-mint:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/promotions/summer-mint`, SummerMintResponse, signal),
  )
  return (
    <ResourceView resource={data}>
      {(s) => {
        if (s.state === 'none' || !s.startsAt || !s.endsAt)
          return (
            <CalloutCard
              title={t('promo.none.summerMint.title')}
              body={t('promo.none.summerMint.body')}
              action={<a href="/app/cash/promotion">{t('promo.seeAll')}</a>}
            />
          )
        // The campaign runs whole UTC days; its last day is the one before `endsAt`.
        const day = (at: string | number) => formatDate(at, locale, 'date', 'UTC')
        const lastDay = Date.parse(s.endsAt) - 1
        return (
          <>
            <section className="cash-card cash-stack" aria-labelledby="summer-mint-rules">
              <h2 id="summer-mint-rules">{t('summerMint.rules.title')}</h2>
              <p style={{ margin: 0 }}>
                {t('summerMint.rules.body', {
                  goal: formatDecimal(s.goal, 'USDC', locale),
                  from: day(s.startsAt),
                  to: day(lastDay),
                })}
              </p>
              <p className="cash-muted" style={{ margin: 0 }}>
                {t(`summerMint.state.${s.state as 'upcoming' | 'running' | 'ended'}`)}
              </p>
            </section>
            <section
              className="cash-card cash-stack"
              aria-labelledby="summer-mint-progress"
              data-testid="summer-mint.progress"
            >
              <h2 id="summer-mint-progress">{t('summerMint.progress.title')}</h2>
              <label htmlFor="summer-mint-bar">
                {t('summerMint.progress.label', {
                  spent: formatDecimal(s.spent, 'USDC', locale),
                  goal: formatDecimal(s.goal, 'USDC', locale),
                })}
              </label>
              <progress id="summer-mint-bar" max={100} value={s.progressPercent} style={{ width: '100%' }} />
              {s.badge ? (
                <p className="cash-notice" role="status" data-testid="summer-mint.badge">
                  <span aria-hidden="true">🏅 </span>
                  {t('summerMint.badge.earned', { date: formatDate(s.badge.earnedAt, locale, 'date') })}
                </p>
              ) : (
                <p className="cash-muted" style={{ margin: 0 }}>
                  {t('summerMint.badge.notYet')}
                </p>
              )}
            </section>
          </>
        )
      }}
    </ResourceView>
  )
}
