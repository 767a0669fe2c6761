import { useState } from 'react'
import { z } from 'zod'
import type { AdminUserDetail } from '../../domain/api/admin-people.schema'
import { formatDate } from '../../domain/format-date'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'
import { ApiError } from '../lib/api-client'

type Application = AdminUserDetail['openApplications'][number]

/** Approve or reject (with a reason the applicant reads) an open KYC or KYB application; the server audits it. */
export function KycDecisionForm({ application, onDecided }: { application: Application; onDecided: () => void }) {
  const { api } = useSession()
  const { t, locale } = useI18n()
  const [decision, setDecision] = useState<'approved' | 'rejected'>('approved')
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | undefined>()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = `admin-decide-${application.id}`
  const submit = async () => {
    if (busy) return
    setBusy(true)
    setError(null)
    setReasonError(undefined)
    try {
      await api.post(
        `/admin/identity-applications/${application.id}/decision`,
        z.unknown(),
        decision === 'approved' ? { decision } : { decision, reason },
      )
      onDecided()
    } catch (e) {
      if (e instanceof ApiError && e.fields.reason) setReasonError(e.fields.reason)
      else setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className="cash-card cash-stack"
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <h2 id={`${id}-title`}>
        {t('admin.user.decideTitle', { kind: application.kind.toUpperCase(), name: application.subjectName })}
      </h2>
      <p className="cash-muted">
        {t('admin.user.decideSubmitted', {
          when: formatDate(application.submittedAt, locale, 'stamp'),
          status: application.status,
        })}
      </p>
      <fieldset className="cash-stack" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>{t('admin.user.decideDecision')}</legend>
        <label>
          <input
            type="radio"
            name={`${id}-decision`}
            value="approved"
            checked={decision === 'approved'}
            onChange={() => setDecision('approved')}
          />{' '}
          {t('admin.user.decideApprove')}
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-decision`}
            value="rejected"
            checked={decision === 'rejected'}
            onChange={() => setDecision('rejected')}
          />{' '}
          {t('admin.user.decideReject')}
        </label>
      </fieldset>
      {decision === 'rejected' ? (
        <TextField
          label={t('admin.user.decideReason')}
          name="reason"
          value={reason}
          error={reasonError}
          onChange={(e) => setReason(e.target.value)}
        />
      ) : null}
      <FormFooter
        error={error}
        busy={busy}
        label={t('admin.user.decideSubmit')}
        busyLabel={t('admin.user.decideBusy')}
      />
    </form>
  )
}
