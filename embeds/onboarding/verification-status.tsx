import { useState } from 'react'
import type { VerificationView } from '../../domain/api/identity.schema'
import { formatDate } from '../../domain/format-date'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { StatusTimeline } from '../ui/status-timeline'
import { DocumentField } from './document-field'
import { UploadTracking, useUploadsInFlight } from './upload-tracking'

type Props = {
  what: 'kyc' | 'kyb'
  view: VerificationView
  /** Where "Continue" goes once approved (a safe `?next=`). */
  next: string
  onResubmit: () => void
  /** Sends the requested document; answers the new view. */
  onSendDocument: (applicationId: string, documentId: string) => Promise<void>
}

/**
 * Where a verification stands after it was sent: in flight with its ETA, approved, rejected, or one document asked for.
 */
export function VerificationStatus({ what, view, next, onResubmit, onSendDocument }: Props) {
  const { t, locale } = useI18n()
  const send = useAction()
  const [documentId, setDocumentId] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const uploads = useUploadsInFlight()
  const steps = [
    { key: 'submitted', label: t('identity.step.submitted') },
    { key: 'in_review', label: t('identity.step.in_review') },
    { key: 'decided', label: t('identity.step.decided') },
  ]
  const owners = view.owners.length ? (
    <ul className="cash-list" aria-label={t('kyb.owners.title')}>
      {view.owners.map((o) => (
        <li key={o.name} className="cash-row">
          <span>{o.name}</span>
          <span className="cash-badge">{t(`identity.status.${o.status}`)}</span>
        </li>
      ))}
    </ul>
  ) : null
  if (view.status === 'submitted' || view.status === 'in_review') {
    const eta = view.eta ? formatDate(view.eta, locale, 'dateTime') : null
    return (
      <section className="cash-card cash-stack" aria-labelledby="identity-status" data-testid="identity.status">
        <h2 id="identity-status">{t(`identity.status.${view.status}`)}</h2>
        <StatusTimeline steps={steps} current={view.status} label={t('identity.progress')} />
        <p role="status" style={{ margin: 0 }}>
          {eta ? t('identity.eta', { time: eta }) : t(`${what}.wait`)}
        </p>
        {owners}
      </section>
    )
  }
  if (view.status === 'approved') {
    return (
      <section className="cash-card cash-stack" aria-labelledby="identity-status" data-testid="identity.status">
        <h2 id="identity-status">{t(`${what}.approved`)}</h2>
        <p style={{ margin: 0 }}>{t(`${what}.approvedBody`)}</p>
        <div>
          <a className="cash-button" href={next}>
            {t('identity.continue')}
          </a>
        </div>
      </section>
    )
  }
  if (view.status === 'rejected') {
    return (
      <section className="cash-card cash-stack" aria-labelledby="identity-status" data-testid="identity.status">
        <h2 id="identity-status">{t(`${what}.rejected`)}</h2>
        <p className="cash-warning" style={{ margin: 0 }}>
          {t('identity.reason', { reason: view.reason ?? t('identity.noReason') })}
        </p>
        {owners}
        <div>
          <button type="button" className="cash-button" onClick={onResubmit}>
            {t('identity.submitAgain')}
          </button>
        </div>
      </section>
    )
  }
  // more_info_needed
  const requested = view.requested
  const docName = requested ? t(`identity.doc.${requested.document}`) : (view.reason ?? '')
  return (
    <section className="cash-card cash-stack" aria-labelledby="identity-status" data-testid="identity.status">
      <h2 id="identity-status">{t('identity.status.more_info_needed')}</h2>
      <p style={{ margin: 0 }}>
        {requested?.subject
          ? t('identity.moreInfo.owner', { document: docName, owner: requested.subject })
          : t('identity.moreInfo.body', { document: docName })}
      </p>
      {requested ? (
        <form
          className="cash-stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            if (uploads.uploading) return
            setMissing(!documentId)
            if (documentId) void send.run(() => onSendDocument(requested.applicationId, documentId))
          }}
        >
          <UploadTracking.Provider value={uploads.track}>
            <DocumentField
              label={docName}
              kind={requested.document}
              error={missing ? t('identity.moreInfo.missing') : send.fieldErrors.documentId}
              onUploaded={(id) => (setDocumentId(id), setMissing(false))}
              testId="identity.more-info"
            />
          </UploadTracking.Provider>
          {send.error ? (
            <p className="cash-alert" role="alert">
              {send.error}
            </p>
          ) : null}
          <div>
            <button type="submit" className="cash-button" disabled={send.busy || uploads.uploading}>
              {uploads.uploading
                ? t('identity.form.uploading')
                : send.busy
                  ? t('identity.form.submitting')
                  : t('identity.moreInfo.send')}
            </button>
          </div>
        </form>
      ) : (
        <p className="cash-muted" style={{ margin: 0 }}>
          {t('identity.moreInfo.contact')}
        </p>
      )}
      {owners}
    </section>
  )
}
