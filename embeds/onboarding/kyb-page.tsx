import { useState } from 'react'
import { VerificationView } from '../../domain/api/identity.schema'
import { useI18n } from '../lib/i18n'
import { safeNext } from '../lib/safe-next'
import { useSession } from '../lib/session'
import { useResource } from '../lib/use-resource'
import { CalloutCard } from '../ui/state-views'
import { KybForm } from './kyb-form'
import { VerificationStatus } from './verification-status'
import { usePageQuery } from '../lib/embed-navigation'
import { ResourceView } from '../ui/resource-view'

const inFlight = (v: VerificationView) => v.status === 'submitted' || v.status === 'in_review'

function KybStatus({ accountId }: { accountId: string }) {
  const { api } = useSession()
  const next = safeNext(usePageQuery().get('next'))
  const [resubmitting, setResubmitting] = useState(false)
  const data = useResource(
    `kyb:${accountId}`,
    (signal) => api.get(`/accounts/${accountId}/kyb`, VerificationView, signal),
    { pollMs: 2000, keepPolling: inFlight },
  )
  return (
    <ResourceView resource={data}>
      {(view) => {
        if (view.status === 'not_started' || (resubmitting && view.status === 'rejected'))
          return <KybForm accountId={accountId} onSubmitted={() => (setResubmitting(false), data.reload())} />
        return (
          <VerificationStatus
            what="kyb"
            view={view}
            next={next}
            onResubmit={() => setResubmitting(true)}
            onSendDocument={async (applicationId, documentId) => {
              await api.post(`/accounts/${accountId}/kyb/more-info`, VerificationView, { applicationId, documentId })
              data.reload()
            }}
          />
        )
      }}
    </ResourceView>
  )
}

/** `/kyb`: the company's verification, for its owners and admins (`?account=` picks one of several companies). */
export function KybPage() {
  const { t } = useI18n()
  const { state } = useSession()
  const wanted = usePageQuery().get('account')
  const companies =
    state.status === 'signed-in' ? state.session.memberships.filter((m) => m.accountKind === 'corporate') : []
  const company = companies.find((m) => m.accountId === wanted) ?? companies[0]
  if (!company) return <CalloutCard title={t('kyb.noCompany.title')} body={t('kyb.noCompany.body')} />
  if (company.role !== 'owner' && company.role !== 'admin')
    return <CalloutCard title={t('kyb.onlyManagers.title')} body={t('kyb.onlyManagers.body')} />
  return <KybStatus accountId={company.accountId} />
}
