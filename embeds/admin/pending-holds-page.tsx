import { movementTitleText } from '../../domain/movement-words'
import { useState } from 'react'
import { HoldActionResponse, PendingHoldsResponse } from '../../domain/api/admin-money.schema'
import { isHeldAsset } from '../../domain/asset'
import { formatDate } from '../../domain/format-date'
import { kindText } from '../../domain/ledger-kinds'
import { formatMoney, parseAmount } from '../../domain/money'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { Page } from '../ui/page'
import { AdminNav } from './admin-nav'
import { AuditTrail } from './audit-trail'
import { ReasonActionForm } from './reason-action-form'
import { ResourceView } from '../ui/resource-view'

type Action = 'release' | 'force-expire'

/** Pending holds, soonest to expire first: release one (void) or force-expire it, with a reason; audited. */
export function PendingHoldsPage({ title }: EmbedProps) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [version, setVersion] = useState(0)
  const [open, setOpen] = useState<{ id: string; action: Action } | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const holds = useResource(`admin-holds:${version}`, (signal) =>
    api.get('/admin/holds/pending', PendingHoldsResponse, signal),
  )
  const money = (v: string, asset: string) =>
    isHeldAsset(asset) ? formatMoney(parseAmount(v, asset), asset, locale) : `${v} ${asset}`
  const when = (iso: string) => formatDate(iso, locale, 'stamp')
  return (
    <Page title={title}>
      <AdminNav current="/admin/pending-holds" />
      <p className="cash-muted">{t('admin.holds.intro')}</p>
      {notice ? (
        <p className="cash-notice" role="status">
          {notice}
        </p>
      ) : null}
      <ResourceView
        resource={holds}
        isEmpty={(loaded) => loaded.items.length === 0}
        empty={<p>{t('admin.holds.empty')}</p>}
      >
        {(loaded) => (
          <ul
            className="cash-stack"
            style={{ listStyle: 'none', padding: 0, margin: '0 0 var(--cash-space)' }}
            aria-label={t('admin.holds.listLabel')}
          >
            {loaded.items.map((h) => (
              <li
                key={h.id}
                className="cash-card cash-stack"
                style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                data-testid="pending-hold"
                data-reference={h.reference ?? ''}
                aria-labelledby={`hold-${h.id}`}
              >
                <h2 id={`hold-${h.id}`} style={{ margin: 0, fontSize: '1.1rem' }}>
                  {money(h.amount, h.asset)} · {h.account?.name ?? t('admin.holds.platform')}
                </h2>
                <p style={{ margin: 0 }}>
                  <span className="cash-badge">{kindText('hold', h.kind, locale)}</span>{' '}
                  {movementTitleText(h.title, locale)}
                </p>
                <p className="cash-muted" style={{ margin: 0 }}>
                  {t('admin.holds.times', { created: when(h.createdAt), expires: when(h.expiresAt) })}
                  {h.reference ? (
                    <>
                      {' · '}
                      <a href={`/app/cash/admin/investigate-transaction?q=${encodeURIComponent(h.reference)}`}>
                        {t('admin.holds.investigate')}
                      </a>
                    </>
                  ) : null}
                </p>
                <div className="cash-actions">
                  {(['release', 'force-expire'] as const).map((a) => (
                    <button
                      key={a}
                      type="button"
                      className="cash-button"
                      data-variant="secondary"
                      aria-expanded={open?.id === h.id && open.action === a}
                      onClick={() => setOpen({ id: h.id, action: a })}
                    >
                      {t(a === 'release' ? 'admin.holds.release' : 'admin.holds.forceExpire')}
                    </button>
                  ))}
                </div>
                {open?.id === h.id ? (
                  <ReasonActionForm
                    title={t(open.action === 'release' ? 'admin.holds.releaseTitle' : 'admin.holds.forceExpireTitle', {
                      amount: money(h.amount, h.asset),
                    })}
                    submitLabel={t(open.action === 'release' ? 'admin.holds.release' : 'admin.holds.forceExpire')}
                    onCancel={() => setOpen(null)}
                    onSubmit={async (reason, idempotencyKey) => {
                      const r = await api.post(
                        `/admin/holds/${h.id}/${open.action}`,
                        HoldActionResponse,
                        { reason },
                        { idempotencyKey },
                      )
                      setOpen(null)
                      setNotice(
                        t(r.adminAction === 'released' ? 'admin.holds.released' : 'admin.holds.expired', {
                          amount: money(h.amount, h.asset),
                        }),
                      )
                      setVersion((v) => v + 1)
                    }}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </ResourceView>
      <AuditTrail subjectType="hold" version={version} />
    </Page>
  )
}
