import { useRef, useState } from 'react'
import { ManualRefund, ManualRefundsResponse } from '../../domain/api/admin-money.schema'
import { REFUND_APPROVAL_THRESHOLD, REFUND_DAILY_CAP } from '../../domain/manual-refunds'
import { formatDecimal } from '../../domain/money'
import { format } from '../../domain/word-format'
import type { EmbedProps } from '../lib/embed-props'
import { ApiError } from '../lib/api-client'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { AmountField, useAmountInput } from '../ui/amount-field'
import { TextField } from '../ui/text-field'
import { AdminNav } from './admin-nav'
import { AuditTrail } from './audit-trail'
import { ReasonActionForm } from './reason-action-form'
import { ResourceView } from '../ui/resource-view'

/**
 * Manual refunds: a form that pays at once within $1,000 a day per admin and per account, and the queue a second admin
 * approves or rejects.
 */
export function ManualRefundsPage({ title }: EmbedProps) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [version, setVersion] = useState(0)
  const [notice, setNotice] = useState<string | null>(null)
  const refunds = useResource(`admin-refunds:${version}`, (signal) =>
    api.get('/admin/manual-refunds', ManualRefundsResponse, signal),
  )
  const usd = (v: string) => formatDecimal(v, 'USDC', locale)
  const changed = (message: string) => {
    setNotice(message)
    setVersion((v) => v + 1)
  }
  return (
    <Page title={title}>
      <AdminNav current="/admin/manual-refunds" />
      {notice ? (
        <p className="cash-notice" role="status" data-testid="refunds-notice">
          {notice}
        </p>
      ) : null}
      <NewRefundForm
        key={version}
        onCreated={(r) =>
          changed(
            r.status === 'posted'
              ? t('admin.refunds.posted', { amount: usd(r.amount), name: r.account.name })
              : t('admin.refunds.waiting', { amount: usd(r.amount), name: r.account.name }),
          )
        }
      />
      <ResourceView resource={refunds}>
        {({ items }) => {
          const pending = items.filter((r) => r.status === 'pending_approval')
          const decided = items.filter((r) => r.status !== 'pending_approval')
          return (
            <>
              <section className="cash-card cash-stack" aria-labelledby="refunds-pending">
                <h2 id="refunds-pending">{t('admin.refunds.pendingTitle')}</h2>
                {pending.length === 0 ? <p className="cash-muted">{t('admin.refunds.pendingEmpty')}</p> : null}
                <ul className="cash-list">
                  {pending.map((r) => (
                    <PendingRefund key={r.id} refund={r} onDecided={changed} />
                  ))}
                </ul>
              </section>
              <section className="cash-card cash-stack" aria-labelledby="refunds-decided">
                <h2 id="refunds-decided">{t('admin.refunds.recentTitle')}</h2>
                {decided.length === 0 ? <p className="cash-muted">{t('admin.refunds.recentEmpty')}</p> : null}
                <ul className="cash-list">
                  {decided.map((r) => (
                    <li key={r.id} data-testid="refund-decided">
                      <strong>{usd(r.amount)}</strong> · {r.account.name} ·{' '}
                      <span className="cash-badge">{t(`admin.refunds.status.${r.status}`)}</span>
                      <br />
                      <span className="cash-muted">
                        {[
                          r.reason,
                          r.decisionReason,
                          t('admin.refunds.requestedBy', { who: r.requestedBy.email }),
                          r.decidedBy ? t('admin.refunds.decidedBy', { who: r.decidedBy.email }) : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            </>
          )
        }}
      </ResourceView>
      <AuditTrail subjectType="manual_refund" version={version} />
    </Page>
  )
}

/** The new refund: account (id or e-mail), amount in USDC, reason, and an optional transaction it relates to. */
function NewRefundForm({ onCreated }: { onCreated: (r: ManualRefund) => void }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [form, setForm] = useState({ account: '', reason: '', transactionRef: '' })
  const amount = useAmountInput('USDC')
  const idempotencyKey = useRef(crypto.randomUUID())
  const { busy, error, fieldErrors, run } = useAction()
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }))
  return (
    <form
      className="cash-card cash-stack"
      noValidate
      aria-labelledby="refund-new"
      onSubmit={(e) => {
        e.preventDefault()
        const typed = amount.read()
        if (typed === undefined) return
        void run(async () =>
          onCreated(
            await api.post(
              '/admin/manual-refunds',
              ManualRefund,
              { ...form, amount: typed, transactionRef: form.transactionRef || undefined },
              { idempotencyKey: idempotencyKey.current },
            ),
          ),
        )
      }}
    >
      <h2 id="refund-new">{t('admin.refunds.newTitle')}</h2>
      <TextField
        label={t('admin.refunds.account')}
        name="account"
        hint={t('admin.refunds.accountHint')}
        autoComplete="off"
        value={form.account}
        error={fieldErrors.account}
        onChange={set('account')}
      />
      <AmountField
        label={t('admin.refunds.amount')}
        name="amount"
        hint={t('admin.refunds.amountHint', {
          threshold: format(locale).whole(String(REFUND_APPROVAL_THRESHOLD)),
          cap: format(locale).whole(String(REFUND_DAILY_CAP)),
        })}
        amount={amount}
        error={fieldErrors.amount}
      />
      <TextField
        label={t('admin.money.reason')}
        name="reason"
        hint={t('admin.refunds.reasonHint')}
        autoComplete="off"
        value={form.reason}
        error={fieldErrors.reason}
        onChange={set('reason')}
      />
      <TextField
        label={t('admin.refunds.transaction')}
        name="transactionRef"
        hint={t('admin.refunds.transactionHint')}
        autoComplete="off"
        value={form.transactionRef}
        error={fieldErrors.transactionRef}
        onChange={set('transactionRef')}
      />
      <FormFooter error={error} busy={busy} label={t('admin.refunds.submit')} busyLabel={t('admin.money.working')} />
    </form>
  )
}

/** One refund waiting for a second admin: approve (refused to the admin who asked) or reject with a reason. */
function PendingRefund({ refund, onDecided }: { refund: ManualRefund; onDecided: (message: string) => void }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [rejecting, setRejecting] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const approveKey = useRef(crypto.randomUUID())
  const { busy, run } = useAction()
  const usd = formatDecimal(refund.amount, 'USDC', locale)
  const approve = () =>
    run(async () => {
      setRefusal(null)
      try {
        const r = await api.post(`/admin/manual-refunds/${refund.id}/approve`, ManualRefund, undefined, {
          idempotencyKey: approveKey.current,
        })
        onDecided(t('admin.refunds.approved', { amount: usd, name: r.account.name }))
      } catch (e) {
        setRefusal(e instanceof ApiError || e instanceof Error ? e.message : String(e))
      }
    })
  return (
    <li
      className="cash-stack"
      data-testid="refund-pending"
      aria-label={t('admin.refunds.itemLabel', { amount: usd, name: refund.account.name })}
    >
      <p style={{ margin: 0 }}>
        <strong>{usd}</strong> · {refund.account.name} ·{' '}
        <span className="cash-badge">{t('admin.refunds.status.pending_approval')}</span>
      </p>
      <p className="cash-muted" style={{ margin: 0 }}>
        {[refund.reason, t('admin.refunds.requestedBy', { who: refund.requestedBy.email })].join(' · ')}
        {refund.transactionRef ? (
          <>
            {' · '}
            <a href={`/app/cash/admin/investigate-transaction?q=${encodeURIComponent(refund.transactionRef)}`}>
              {refund.transactionRef}
            </a>
          </>
        ) : null}
      </p>
      {refusal ? (
        <p className="cash-alert" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="cash-actions">
        <button type="button" className="cash-button" disabled={busy} onClick={() => void approve()}>
          {t('admin.refunds.approve')}
        </button>
        <button
          type="button"
          className="cash-button"
          data-variant="secondary"
          aria-expanded={rejecting}
          onClick={() => setRejecting(true)}
        >
          {t('admin.refunds.reject')}
        </button>
      </div>
      {rejecting ? (
        <ReasonActionForm
          title={t('admin.refunds.rejectTitle', { amount: usd })}
          submitLabel={t('admin.refunds.reject')}
          onCancel={() => setRejecting(false)}
          onSubmit={async (reason, idempotencyKey) => {
            await api.post(`/admin/manual-refunds/${refund.id}/reject`, ManualRefund, { reason }, { idempotencyKey })
            onDecided(t('admin.refunds.rejected', { amount: usd }))
          }}
        />
      ) : null}
    </li>
  )
}
