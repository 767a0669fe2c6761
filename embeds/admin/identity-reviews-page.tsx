import { z } from 'zod'
import { ApplicationSummary } from '../../domain/api/identity.schema'
import { formatDate } from '../../domain/format-date'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { Page } from '../ui/page'
import { AdminNav } from './admin-nav'
import { ResourceView } from '../ui/resource-view'

const OpenApplications = z.object({ items: z.array(ApplicationSummary) })

/** Where an application is decided: the person's page for their KYC, the company's for its KYB and its owners'. */
function decideAt(a: z.infer<typeof ApplicationSummary>): string | null {
  if (a.kind === 'kyc' && a.userId && !a.parentId) return `/app/cash/admin/user/${a.userId}`
  if (a.accountId) return `/app/cash/admin/account/${a.accountId}`
  return a.userId ? `/app/cash/admin/user/${a.userId}` : null
}

/**
 * `/admin/identity-reviews`: the KYC and KYB applications waiting for a decision, oldest first, each opening where it
 * is decided.
 */
export function IdentityReviewsPage({ title }: EmbedProps) {
  const { api } = useSession()
  const { t, locale } = useI18n()
  const queue = useResource('admin-identity-reviews', (signal) =>
    api.get('/admin/identity-applications?status=open', OpenApplications, signal),
  )
  const when = (iso: string) => formatDate(iso, locale, 'stamp')
  return (
    <Page title={title}>
      <AdminNav current="/admin/identity-reviews" />
      <ResourceView resource={queue}>
        {(loaded) => (
          <section className="cash-card cash-stack" aria-labelledby="identity-reviews-list">
            <h2 id="identity-reviews-list">
              {t('admin.reviews.waiting', { count: loaded.items.length.toLocaleString(locale) })}
            </h2>
            {loaded.items.length === 0 ? <p className="cash-muted">{t('admin.reviews.empty')}</p> : null}
            <ol className="cash-list" data-testid="identity-reviews">
              {loaded.items.map((a) => {
                const href = decideAt(a)
                const label = t(
                  a.kind === 'kyb' ? 'admin.reviews.kyb' : a.parentId ? 'admin.reviews.ownerKyc' : 'admin.reviews.kyc',
                  { name: a.subject },
                )
                return (
                  <li key={a.id} className="cash-stack" style={{ gap: 4 }}>
                    {href ? (
                      <a href={href}>
                        <strong>{label}</strong>
                      </a>
                    ) : (
                      <strong>{label}</strong>
                    )}
                    <span className="cash-muted">
                      {t(a.status === 'in_review' ? 'admin.reviews.inReview' : 'admin.reviews.submitted', {
                        when: when(a.submittedAt),
                      })}
                    </span>
                  </li>
                )
              })}
            </ol>
          </section>
        )}
      </ResourceView>
    </Page>
  )
}
