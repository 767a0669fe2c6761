import { Trophy, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { LeaderboardResponse, ReferralLinkResponse, ReferralsResponse } from '../../domain/api/membership.schema'
import { formatDate, formatMonth } from '../../domain/format-date'
import { REFERRAL_BPS, REFERRAL_LINK_DAYS, REFERRAL_MIN_PAYOUT, REFERRAL_WINDOW_DAYS } from '../../domain/membership'
import { useBridge } from '../lib/bridge-context'
import { shareContent } from '../lib/host-actions'
import { type I18n, useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { CopyButton } from '../ui/copy-button'
import { EmptyState } from '../ui/empty-state'
import { Avatar, ListRow } from '../ui/list-row'
import { Page } from '../ui/page'
import { SegmentedNav } from '../ui/segmented'
import { TableScroll } from '../ui/table-scroll'
import { ResourceView } from '../ui/resource-view'
import { formatBps, formatDecimal } from '../../domain/money'
import { format } from '../../domain/word-format'

const day = (at: string, locale: string) => formatDate(at, locale, 'date')

function ReferNav({ current }: { current: string }) {
  const { t } = useI18n()
  const items = [
    { href: '/app/cash/refer', label: t('refer.nav.link') },
    { href: '/app/cash/refer/details', label: t('refer.nav.details') },
    { href: '/app/cash/referral-leaderboard', label: t('refer.nav.leaderboard') },
  ]
  return <SegmentedNav label={t('refer.nav')} items={items} current={current} />
}

/** `refer`: the personal link (copy, share through the host), a new one after expiry, and how referrals work. */
export function ReferPage({ title }: { title: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const bridge = useBridge()
  const make = useAction()
  const [shared, setShared] = useState<string | null>(null)
  const data = useResource('referral-link', (signal) => api.get('/referrals/link', ReferralLinkResponse, signal))
  return (
    <Page title={title}>
      <ReferNav current="/app/cash/refer" />
      <section className="cash-card cash-stack" aria-labelledby="refer-link" data-testid="refer.link">
        <h2 id="refer-link">{t('refer.link.title')}</h2>
        <ResourceView resource={data}>
          {({ link }) =>
            link ? (
              <>
                <p style={{ margin: 0 }}>
                  <code data-testid="refer.url">{link.url}</code>
                </p>
                <p className="cash-muted" style={{ margin: 0 }}>
                  {t('refer.link.code', { code: link.code, date: day(link.expiresAt, locale) })}
                </p>
                <div className="cash-row" style={{ justifyContent: 'flex-start', gap: 8 }}>
                  <CopyButton text={link.url} label={t('refer.link.title')} />
                  <button
                    type="button"
                    className="cash-button"
                    onClick={() =>
                      void shareContent(bridge, {
                        title: t('refer.share.title'),
                        text: t('refer.share.text'),
                        url: link!.url,
                      })
                        .then((how) => setShared(how === 'copied' ? t('ui.copied') : null))
                        .catch(() => setShared(t('ui.copyFailed')))
                    }
                  >
                    {t('refer.share')}
                  </button>
                </div>
                {shared ? (
                  <p role="status" className="cash-muted" style={{ margin: 0 }}>
                    {shared}
                  </p>
                ) : null}
              </>
            ) : (
              <>
                <p style={{ margin: 0 }}>{t('refer.link.none', { days: String(REFERRAL_LINK_DAYS) })}</p>
                <div>
                  <button
                    type="button"
                    className="cash-button"
                    disabled={make.busy}
                    onClick={() =>
                      void make.run(
                        async () => (await api.post('/referrals/link', ReferralLinkResponse), data.reload()),
                      )
                    }
                  >
                    {make.busy ? t('refer.link.making') : t('refer.link.make')}
                  </button>
                </div>
                {make.error ? (
                  <p className="cash-alert" role="alert">
                    {make.error}
                  </p>
                ) : null}
              </>
            )
          }
        </ResourceView>
      </section>
      <section className="cash-card cash-stack" aria-labelledby="refer-how">
        <h2 id="refer-how">{t('refer.how.title')}</h2>
        <ol className="cash-stack" style={{ margin: 0 }}>
          <li>{t('refer.how.1', { days: String(REFERRAL_LINK_DAYS) })}</li>
          <li>{t('refer.how.2')}</li>
          <li>{t('refer.how.3', { days: String(REFERRAL_WINDOW_DAYS), rate: formatBps(REFERRAL_BPS, locale) })}</li>
          <li>{t('refer.how.4', { min: format(locale).whole(String(REFERRAL_MIN_PAYOUT)) })}</li>
          <li>{t('refer.how.5')}</li>
        </ol>
      </section>
    </Page>
  )
}

/** What a referral's row says of where it stands, in the reader's language. */
function stateText(r: ReferralsResponse['items'][number], t: I18n['t'], locale: string): string {
  switch (r.state) {
    case 'signed_up':
      return t('refer.state.signed_up', { date: day(r.signedUpAt, locale) })
    case 'not_eligible':
      return t('refer.state.not_eligible')
    case 'earning':
      return t('refer.state.earning', { date: day(r.earningUntil!, locale) })
    case 'completed':
      return t('refer.state.completed', { date: day(r.earningUntil!, locale) })
  }
}

/** `refer/details`: each referral with its masked name, state and what it earned. */
export function ReferDetailsPage({ title }: { title: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const data = useResource('referrals', (signal) => api.get('/referrals', ReferralsResponse, signal))
  const earnedLabel = (earned: string) => t('refer.details.earned', { amount: formatDecimal(earned, 'USDC', locale) })
  return (
    <Page title={title}>
      <ReferNav current="/app/cash/refer/details" />
      <ResourceView resource={data}>
        {(referrals) => (
          <>
            <p className="cash-card" data-testid="refer.totals">
              {t('refer.details.totals', {
                earned: formatDecimal(referrals.earned, 'USDC', locale),
                unpaid: formatDecimal(referrals.unpaid, 'USDC', locale),
              })}
            </p>
            {referrals.items.length === 0 ? (
              <div className="cash-card">
                <EmptyState
                  icon={UserPlus}
                  text={t('refer.details.empty')}
                  action={
                    <a className="cash-button" href="/app/cash/refer">
                      {t('refer.nav.link')}
                    </a>
                  }
                />
              </div>
            ) : (
              <ul className="cash-rows" aria-label={t('refer.details.list')}>
                {referrals.items.map((r) => (
                  <li key={r.id}>
                    <ListRow
                      rowProps={{ 'data-testid': 'refer.item' }}
                      leading={<Avatar name={r.name} />}
                      title={r.name}
                      subtitle={stateText(r, t, locale)}
                      end={
                        <span className="cash-list-row-amount">
                          <span className="cash-visually-hidden">{earnedLabel(r.earned)}</span>
                          <span aria-hidden="true">{formatDecimal(r.earned, 'USDC', locale)}</span>
                        </span>
                      }
                      endNote={
                        <span className="cash-list-row-sub">
                          {t('refer.details.paid', { amount: formatDecimal(r.paid, 'USDC', locale) })}
                        </span>
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </ResourceView>
    </Page>
  )
}

/** `referral-leaderboard`: referrers ranked by this month's referral cashback, names masked. */
export function LeaderboardPage({ title }: { title: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const data = useResource('referral-leaderboard', (signal) =>
    api.get('/referrals/leaderboard', LeaderboardResponse, signal),
  )
  return (
    <Page title={title}>
      <ReferNav current="/app/cash/referral-leaderboard" />
      <ResourceView
        resource={data}
        isEmpty={(board) => board.items.length === 0}
        empty={
          <div className="cash-card">
            <EmptyState
              icon={Trophy}
              text={t('leaderboard.empty')}
              action={
                <a className="cash-button" data-variant="secondary" href="/app/cash/refer">
                  {t('refer.nav.link')}
                </a>
              }
            />
          </div>
        }
      >
        {(board) => (
          <TableScroll label={t('leaderboard.caption', { month: formatMonth(board.month, locale) })}>
            <table className="cash-table">
              <caption>{t('leaderboard.caption', { month: formatMonth(board.month, locale) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('leaderboard.rank')}</th>
                  <th scope="col">{t('leaderboard.name')}</th>
                  <th scope="col">{t('leaderboard.referrals')}</th>
                  <th scope="col">{t('leaderboard.earned')}</th>
                </tr>
              </thead>
              <tbody>
                {board.items.map((row) => (
                  <tr key={row.rank} aria-current={row.you ? 'true' : undefined}>
                    <td>{row.rank}</td>
                    <th scope="row">
                      {row.name}
                      {row.you ? ` (${t('leaderboard.you')})` : ''}
                    </th>
                    <td>{row.referrals}</td>
                    <td>{formatDecimal(row.earned, 'USDC', locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </ResourceView>
    </Page>
  )
}
