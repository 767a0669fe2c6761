import { verificationReasonText } from '../../domain/identity'
import { useState } from 'react'
import type { z } from 'zod'
import { AdminUserDetail, AdminUsersResponse } from '../../domain/api/admin-people.schema'
import { formatDate } from '../../domain/format-date'
import { kindText } from '../../domain/ledger-kinds'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { Page } from '../ui/page'
import { AdminNav } from './admin-nav'
import { AdminSearchPage } from './admin-search-page'
import { AuditTrail } from './audit-trail'
import { KycDecisionForm } from './kyc-decision-form'
import { ResourceView } from '../ui/resource-view'

type Users = z.infer<typeof AdminUsersResponse>['items']

function UserList({ items }: { items: Users }) {
  const { t } = useI18n()
  return (
    <ul className="cash-link-list" data-testid="admin-user.results">
      {items.map((u) => (
        <li key={u.id}>
          <a href={`/app/cash/admin/user/${u.id}`}>
            <strong>{u.email}</strong>
            {u.name} · {t('admin.user.kyc')}: {t(`identity.status.${u.kycStatus}`)}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** Find a person by e-mail, name, safe address, account id or user id. */
export function AdminUsersPage(props: EmbedProps) {
  return (
    <AdminSearchPage
      {...props}
      area="user"
      endpoint="/admin/users"
      schema={AdminUsersResponse}
      renderItems={(items) => <UserList items={items} />}
    />
  )
}

/** One person: profile, KYC (decide an open application), accounts, sessions, and the audit trail. */
export function AdminUserPage({ title, params }: EmbedProps) {
  const { api } = useSession()
  const { t, locale } = useI18n()
  const userId = params.userId ?? ''
  const [version, setVersion] = useState(0)
  const detail = useResource(`admin-user:${userId}:${version}`, (signal) =>
    api.get(`/admin/users/${encodeURIComponent(userId)}`, AdminUserDetail, signal),
  )
  return (
    <Page title={title}>
      <AdminNav current="/admin/user" />
      <ResourceView resource={detail}>
        {(loaded) => (
          <>
            <section className="cash-card cash-stack" aria-labelledby="admin-user-profile">
              <h2 id="admin-user-profile">{loaded.user.name}</h2>
              <dl className="cash-stack" style={{ margin: 0 }} data-testid="admin-user.profile">
                <div className="cash-row">
                  <dt>{t('admin.user.email')}</dt>
                  <dd>{loaded.user.email}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.user.id')}</dt>
                  <dd className="cash-mono">{loaded.user.id}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.user.role')}</dt>
                  <dd>{t(`admin.user.platformRole.${loaded.user.platformRole}`)}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.user.kyc')}</dt>
                  <dd>
                    {t(`identity.status.${loaded.user.kycStatus}`)}
                    {loaded.user.kycReasonKey ? ` · ${verificationReasonText(loaded.user.kycReasonKey, locale)}` : ''}
                  </dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.user.since')}</dt>
                  <dd>{formatDate(loaded.user.createdAt, locale, 'stamp')}</dd>
                </div>
                <div className="cash-row">
                  <dt>{t('admin.user.sessions')}</dt>
                  <dd>{loaded.activeSessions.toLocaleString(locale)}</dd>
                </div>
              </dl>
            </section>
            <section className="cash-card cash-stack" aria-labelledby="admin-user-accounts">
              <h2 id="admin-user-accounts">{t('admin.user.accounts')}</h2>
              {loaded.memberships.length === 0 ? <p className="cash-muted">{t('admin.user.noAccounts')}</p> : null}
              <ul className="cash-link-list">
                {loaded.memberships.map((m) => (
                  <li key={m.accountId}>
                    <a href={`/app/cash/admin/account/${m.accountId}`}>
                      <strong>{m.accountName}</strong>
                      {kindText('account', m.accountKind, locale)} · {t(`people.role.${m.role}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
            {loaded.openApplications.map((a) => (
              <KycDecisionForm key={a.id} application={a} onDecided={() => setVersion((v) => v + 1)} />
            ))}
          </>
        )}
      </ResourceView>
      <AuditTrail subjectType="user" subjectId={userId} version={version} />
    </Page>
  )
}
