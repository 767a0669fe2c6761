import { useState } from 'react'
import { FailedRecon, FailedReconsResponse, ReconCandidatesResponse } from '../../domain/api/admin-money.schema'
import { formatAge } from '../../domain/format-date'
import { movementReasonText } from '../../domain/movement-words'
import { formatDecimal } from '../../domain/money'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { readyData, useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { Page } from '../ui/page'
import { TextField } from '../ui/text-field'
import { AdminNav } from './admin-nav'
import { AuditTrail } from './audit-trail'
import { ReasonActionForm } from './reason-action-form'
import { ResourceView } from '../ui/resource-view'

type Recon = FailedRecon
type Action = 'match' | 'write-off' | 'refund'

/** Failed recons, open first: match to an authorization, write off, or refund the holder; each once, audited. */
export function FailedReconsPage({ title }: EmbedProps) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [version, setVersion] = useState(0)
  const [open, setOpen] = useState<{ id: string; action: Action } | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const recons = useResource(`admin-recons:${version}`, (signal) =>
    api.get('/admin/failed-recons', FailedReconsResponse, signal),
  )
  const usd = (v: string) => formatDecimal(v, 'USDC', locale)
  const resolved = (r: Recon) => {
    setOpen(null)
    const outcome = r.status === 'matched' ? 'matched' : r.status === 'written_off' ? 'writtenOff' : 'refunded'
    setDone(t(`admin.recons.done.${outcome}`, { amount: usd(r.amount), network: r.networkId }))
    setVersion((v) => v + 1)
  }
  return (
    <Page title={title}>
      <AdminNav current="/admin/failed-recons" />
      <p className="cash-muted">{t('admin.recons.intro')}</p>
      {done ? (
        <p className="cash-notice" role="status">
          {done}
        </p>
      ) : null}
      <ResourceView
        resource={recons}
        isEmpty={(loaded) => loaded.items.length === 0}
        empty={<p>{t('admin.recons.empty')}</p>}
      >
        {(loaded) => (
          <ul
            className="cash-stack"
            style={{ listStyle: 'none', padding: 0, margin: '0 0 var(--cash-space)' }}
            aria-label={t('admin.recons.listLabel')}
          >
            {loaded.items.map((r) => (
              <li
                key={r.id}
                className="cash-card cash-stack"
                style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                data-testid="recon"
                data-network-id={r.networkId}
                aria-labelledby={`recon-${r.id}`}
              >
                <h2 id={`recon-${r.id}`} style={{ margin: 0, fontSize: '1.1rem' }}>
                  {usd(r.amount)} · <span className="cash-mono">{r.networkId}</span>
                </h2>
                <p style={{ margin: 0 }}>
                  <span className="cash-badge">{t(`admin.recons.status.${r.status}`)}</span>{' '}
                  {movementReasonText(r.reason, locale)}
                </p>
                <p className="cash-muted" style={{ margin: 0 }}>
                  {[
                    r.account?.name,
                    r.card ? `•••• ${r.card.last4}` : null,
                    r.merchantName,
                    t('admin.recons.age', { age: formatAge(r.createdAt, locale, Date.now()) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {r.status !== 'open' ? (
                  <p style={{ margin: 0 }}>
                    {t('admin.recons.resolvedBy', { who: r.resolvedBy ?? '—', reason: r.resolutionReason ?? '' })}
                  </p>
                ) : null}
                <div className="cash-actions">
                  {r.status === 'open'
                    ? (['match', 'write-off', 'refund'] as const).map((a) => (
                        <button
                          key={a}
                          type="button"
                          className="cash-button"
                          data-variant="secondary"
                          aria-expanded={open?.id === r.id && open.action === a}
                          onClick={() => setOpen({ id: r.id, action: a })}
                        >
                          {t(`admin.recons.action.${a === 'write-off' ? 'writeOff' : a}`)}
                        </button>
                      ))
                    : null}
                  <a href={`/app/cash/admin/investigate-transaction?q=${encodeURIComponent(r.networkId)}`}>
                    {t('admin.recons.investigate')}
                  </a>
                </div>
                {open?.id === r.id ? (
                  <ReconActionForm recon={r} action={open.action} onDone={resolved} onCancel={() => setOpen(null)} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </ResourceView>
      <AuditTrail subjectType="failed_recon" version={version} />
    </Page>
  )
}

/** The form of one action on one recon: the authorization to match, or the account to refund, and the reason. */
function ReconActionForm({
  recon,
  action,
  onDone,
  onCancel,
}: {
  recon: Recon
  action: Action
  onDone: (r: Recon) => void
  onCancel: () => void
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [authorizationId, setAuthorizationId] = useState('')
  const [accountId, setAccountId] = useState('')
  const candidates = useResource(`recon-candidates:${recon.id}:${action}`, (signal) =>
    action === 'match'
      ? api.get(`/admin/failed-recons/${recon.id}/candidates`, ReconCandidatesResponse, signal)
      : Promise.resolve({ items: [] }),
  )
  const usd = (v: string) => formatDecimal(v, 'USDC', locale)
  const items = readyData(candidates)?.items ?? []
  const chosen = authorizationId || items[0]?.authorizationId || ''
  const label = t(`admin.recons.action.${action === 'write-off' ? 'writeOff' : action}`)
  return (
    <ReasonActionForm
      title={t(`admin.recons.confirm.${action === 'write-off' ? 'writeOff' : action}`, { amount: usd(recon.amount) })}
      submitLabel={label}
      testId="recon-action"
      onCancel={onCancel}
      onSubmit={async (reason, idempotencyKey) => {
        const body =
          action === 'match'
            ? { authorizationId: chosen, reason }
            : action === 'refund' && !recon.account
              ? { reason, accountId: accountId.trim() || undefined }
              : { reason }
        onDone(await api.post(`/admin/failed-recons/${recon.id}/${action}`, FailedRecon, body, { idempotencyKey }))
      }}
    >
      {(fieldErrors) => (
        <>
          {action === 'match' ? (
            // Candidates that failed to load draw nothing here; the rest of the form still works.
            <ResourceView
              resource={candidates}
              error={() => null}
              isEmpty={(c) => c.items.length === 0}
              empty={<p className="cash-warning">{t('admin.recons.noCandidates')}</p>}
            >
              {() => (
                <div className="cash-field">
                  <label htmlFor={`candidates-${recon.id}`}>{t('admin.recons.candidate')}</label>
                  <select
                    id={`candidates-${recon.id}`}
                    style={{ width: '100%', minWidth: 0 }}
                    value={chosen}
                    onChange={(e) => setAuthorizationId(e.target.value)}
                    aria-invalid={fieldErrors.authorizationId ? true : undefined}
                    aria-describedby={fieldErrors.authorizationId ? `candidates-${recon.id}-error` : undefined}
                  >
                    {items.map((c) => (
                      <option key={c.authorizationId} value={c.authorizationId}>
                        {`${usd(c.amount)} · ${c.merchantName} · ` +
                          `•••• ${c.cardLast4} · ${c.accountName} · ${c.networkId}`}
                      </option>
                    ))}
                  </select>
                  {fieldErrors.authorizationId ? (
                    <p id={`candidates-${recon.id}-error`} className="cash-field-error" role="alert">
                      {fieldErrors.authorizationId}
                    </p>
                  ) : null}
                </div>
              )}
            </ResourceView>
          ) : null}
          {action === 'refund' ? (
            recon.account ? (
              <p style={{ margin: 0 }}>{t('admin.recons.refundTo', { name: recon.account.name })}</p>
            ) : (
              <TextField
                label={t('admin.recons.refundAccount')}
                name="accountId"
                autoComplete="off"
                value={accountId}
                error={fieldErrors.accountId}
                onChange={(e) => setAccountId(e.target.value)}
              />
            )
          ) : null}
        </>
      )}
    </ReasonActionForm>
  )
}
