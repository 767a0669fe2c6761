import { useState } from 'react'
import { VerificationView } from '../../domain/api/identity.schema'
import { safeNext } from '../lib/safe-next'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { KycForm } from './kyc-form'
import { VerificationStatus } from './verification-status'
import { usePageQuery } from '../lib/embed-navigation'
import { ResourceView } from '../ui/resource-view'

const inFlight = (v: VerificationView) => v.status === 'submitted' || v.status === 'in_review'

/** `/kyc`: the form until it is sent (or again after a rejection), then where the check stands, live. */
export function KycPage() {
  const { api } = useSession()
  const next = safeNext(usePageQuery().get('next'))
  const [resubmitting, setResubmitting] = useState(false)
  const data = useResource('kyc', (signal) => api.get('/kyc', VerificationView, signal), {
    pollMs: 2000,
    keepPolling: inFlight,
  })
  return (
    <ResourceView resource={data}>
      {(view) => {
        if (view.status === 'not_started' || (resubmitting && view.status === 'rejected')) {
          return <KycForm onSubmitted={() => (setResubmitting(false), data.reload())} />
        }
        return (
          <VerificationStatus
            what="kyc"
            view={view}
            next={next}
            onResubmit={() => setResubmitting(true)}
            onSendDocument={async (_applicationId, documentId) => {
              await api.post('/kyc/more-info', VerificationView, { documentId })
              data.reload()
            }}
          />
        )
      }}
    </ResourceView>
  )
}
