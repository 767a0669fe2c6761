import { useId, useState } from 'react'
import type { z } from 'zod'
import { CampaignsAdminResponse, CampaignView } from '../../domain/api/cashback.schema'
import type { CASHBACK_CATEGORIES } from '../../domain/cashback'
import { ACCOUNT_TIERS, TIER_NAMES } from '../../domain/card-issuing'
import { formatDate } from '../../domain/format-date'
import { formatMoney, formatPercent, parsePositiveAmount } from '../../domain/money'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { Page } from '../ui/page'
import { AdminNav } from './admin-nav'
import { AuditTrail } from './audit-trail'
import { CampaignForm } from './campaign-form'
import { ResourceView } from '../ui/resource-view'

type Campaign = z.infer<typeof CampaignView>
const STATE_KEY = {
  upcoming: 'admin.campaigns.state.scheduled',
  active: 'admin.campaigns.state.running',
  ended: 'admin.campaigns.state.ended',
} as const

/**
 * `admin/campaigns`: every campaign with its state and payouts against its caps; create, edit before the start, end.
 */
export function CampaignsPage({ title }: EmbedProps) {
  const { t } = useI18n()
  const { api } = useSession()
  const [version, setVersion] = useState(0)
  const [editing, setEditing] = useState<Campaign | null>(null)
  const list = useResource(`admin-campaigns:${version}`, (signal) =>
    api.get('/admin/campaigns', CampaignsAdminResponse, signal),
  )
  const changed = () => setVersion((v) => v + 1)
  return (
    <Page title={title}>
      <AdminNav current="/admin/campaigns" />
      <section className="cash-stack" aria-labelledby="campaigns-list">
        <h2 id="campaigns-list">{t('admin.campaigns.list')}</h2>
        <ResourceView resource={list}>
          {(loaded) => (
            <>
              {loaded.items.length === 0 ? <p className="cash-muted">{t('admin.campaigns.empty')}</p> : null}
              <ul className="cash-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {loaded.items.map((c) => (
                  <CampaignItem key={c.id} c={c} onChanged={changed} onEdit={() => setEditing(c)} />
                ))}
              </ul>
            </>
          )}
        </ResourceView>
      </section>
      <CampaignForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onDone={() => (setEditing(null), changed())}
        onCancel={() => setEditing(null)}
      />
      <AuditTrail subjectType="campaign" version={version} />
    </Page>
  )
}

function CampaignItem({ c, onChanged, onEdit }: { c: Campaign; onChanged: () => void; onEdit: () => void }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const id = useId()
  const [confirming, setConfirming] = useState(false)
  const end = useAction()
  const money = (v: string) => formatMoney(parsePositiveAmountOrZero(v), 'USDC', locale)
  const when = (iso: string) => formatDate(iso, locale, 'stamp')
  return (
    <li
      className="cash-card cash-stack"
      aria-labelledby={`${id}-name`}
      data-testid="admin.campaign"
      data-kind={c.kind}
      data-status={c.status}
    >
      <div className="cash-row">
        <h3 id={`${id}-name`} style={{ margin: 0 }}>
          {c.name}
        </h3>
        <span className="cash-badge" data-testid="admin.campaign.state">
          {t(STATE_KEY[c.status])}
        </span>
      </div>
      <p style={{ margin: 0 }}>
        {t(`admin.campaigns.kind.${c.kind}`)} · {ruleText(c, t, money, locale)}
      </p>
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('admin.campaigns.window', { from: when(c.startsAt), to: when(c.endsAt) })}
      </p>
      {c.kind === 'splashback' || c.kind === 'triple_dip' ? (
        <>
          <p style={{ margin: 0 }} data-testid="admin.campaign.paid">
            {t('admin.campaigns.paid', {
              earned: money(c.totalEarned),
              paid: money(c.totalPaid),
              total: money(c.totalCap),
              holder: money(c.perHolderCap),
            })}
          </p>
          <p className="cash-muted" style={{ margin: 0 }}>
            {t('admin.campaigns.payoutOn', { date: when(c.payoutAt) })}
          </p>
        </>
      ) : null}
      {c.status !== 'ended' ? (
        <div className="cash-actions">
          {c.status === 'upcoming' ? (
            <button type="button" className="cash-button" data-variant="secondary" onClick={onEdit}>
              {t('admin.campaigns.edit', { name: c.name })}
            </button>
          ) : null}
          {!confirming ? (
            <button type="button" className="cash-button" data-variant="secondary" onClick={() => setConfirming(true)}>
              {t('admin.campaigns.end', { name: c.name })}
            </button>
          ) : null}
        </div>
      ) : null}
      {confirming ? (
        <div className="cash-notice cash-stack" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`} style={{ margin: 0 }}>
            {t('admin.campaigns.endConfirm', { name: c.name })}
          </p>
          <div className="cash-actions">
            <button
              type="button"
              className="cash-button"
              disabled={end.busy}
              onClick={() =>
                void end.run(
                  async () => (
                    await api.post(`/admin/campaigns/${c.id}/end`, CampaignView), setConfirming(false), onChanged()
                  ),
                )
              }
            >
              {t('admin.campaigns.endNow')}
            </button>
            <button type="button" className="cash-button" data-variant="secondary" onClick={() => setConfirming(false)}>
              {t('admin.campaigns.keep')}
            </button>
          </div>
          {end.error ? (
            <p className="cash-alert" role="alert">
              {end.error}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

function parsePositiveAmountOrZero(v: string): bigint {
  try {
    return parsePositiveAmount(v, 'USDC')
  } catch {
    return 0n
  }
}

function ruleText(
  c: Campaign,
  t: ReturnType<typeof useI18n>['t'],
  money: (v: string) => string,
  locale: string,
): string {
  if (c.kind === 'splashback')
    return t('admin.campaigns.rule.splashback', {
      percent: formatPercent(String(c.bps / 100), locale),
      category: t(`promotion.category.${(c.category ?? 'other') as (typeof CASHBACK_CATEGORIES)[number]}`),
    })
  if (c.kind === 'triple_dip') return t('admin.campaigns.rule.tripleDip', { multiplier: String(c.multiplier) })
  if (c.kind === 'summer_mint') return t('admin.campaigns.rule.summerMint', { goal: money(c.spendGoal ?? '0') })
  const r = c.tierRewards ?? { core: '0', luxe: '0', pinnacle: '0', vip: '0' }
  return t('admin.campaigns.rule.membershipRewards', {
    rewards: ACCOUNT_TIERS.map((tier) => `${TIER_NAMES[tier]} ${money(r[tier])}`).join(' · '),
  })
}
