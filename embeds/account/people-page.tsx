import { MailPlus } from 'lucide-react'
import { useState } from 'react'
import type { InvitationView } from '../../domain/api/people.schema'
import { formatDate } from '../../domain/format-date'
import type { CompanyRole } from '../../domain/people'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { EmptyState } from '../ui/empty-state'
import { Page } from '../ui/page'
import { InviteForm } from './invite-form'
import { PersonRow } from './person-row'
import { usePeople } from './use-people'
import { ResourceView } from '../ui/resource-view'

function PendingInvitation({
  invitation,
  canRevoke,
  onRevoke,
}: {
  invitation: InvitationView
  canRevoke: boolean
  onRevoke: () => Promise<void>
}) {
  const { t, locale } = useI18n()
  const action = useAction()
  const vars = {
    role: t(`people.role.${invitation.role}`),
    inviter: invitation.invitedBy,
    date: formatDate(invitation.expiresAt, locale, 'dateTime'),
  }
  return (
    <li className="cash-card cash-stack">
      <strong>{invitation.email}</strong>
      <span className="cash-muted">
        {t(invitation.expired ? 'people.pending.expired' : 'people.pending.expires', vars)}
      </span>
      {canRevoke ? (
        <div>
          <button
            type="button"
            className="cash-button"
            data-variant="secondary"
            disabled={action.busy}
            onClick={() => void action.run(onRevoke)}
          >
            {action.busy ? t('people.revoke.busy') : t('people.revoke', { email: invitation.email })}
          </button>
        </div>
      ) : null}
      {action.error ? (
        <p className="cash-alert" role="alert">
          {action.error}
        </p>
      ) : null}
    </li>
  )
}

function CompanyPeople({ accountId, userId }: { accountId: string; userId: string }) {
  const { t } = useI18n()
  const { people, invite, revoke, changeRole, remove } = usePeople(accountId)
  const [removed, setRemoved] = useState<string | null>(null)
  return (
    <ResourceView resource={people}>
      {(loaded) => {
        const { accountName, yourRole, assignableRoles, invitations } = loaded
        const owners = loaded.people.filter((p) => p.role === 'owner').length
        const manager = assignableRoles.length > 0
        // One column with the design's 24-px gap between its groups: the invitation card never touches the last
        // person.
        return (
          <div className="cash-stack" style={{ gap: 24 }}>
            <p className="cash-muted" style={{ margin: 0 }}>
              {t('people.company')}: {accountName}
            </p>
            {manager ? null : <p>{t('people.readOnly')}</p>}
            {removed ? <p role="status">{t('people.removed', { name: removed })}</p> : null}
            <section aria-labelledby="people-list" className="cash-stack">
              <h2 id="people-list" style={{ margin: 0 }}>
                {t('people.list')}
              </h2>
              <ul className="cash-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {loaded.people.map((person) => (
                  <PersonRow
                    key={`${person.userId}:${person.role}`}
                    person={person}
                    you={person.userId === userId}
                    yourRole={yourRole}
                    roles={assignableRoles as CompanyRole[]}
                    owners={owners}
                    company={accountName}
                    onChangeRole={(role) => changeRole(person.userId, role)}
                    onRemove={async () => {
                      await remove(person.userId)
                      setRemoved(person.name)
                    }}
                  />
                ))}
              </ul>
            </section>
            {manager ? <InviteForm roles={assignableRoles} onInvite={invite} /> : null}
            <section aria-labelledby="people-pending" className="cash-stack">
              <h2 id="people-pending" style={{ margin: 0 }}>
                {t('people.pending')}
              </h2>
              {invitations.length === 0 ? (
                <div className="cash-card">
                  <EmptyState icon={MailPlus} text={t('people.pending.none')} />
                </div>
              ) : (
                <ul className="cash-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {invitations.map((i) => (
                    <PendingInvitation
                      key={i.id}
                      invitation={i}
                      canRevoke={manager && (i.role !== 'owner' || yourRole === 'owner')}
                      onRevoke={() => revoke(i.id)}
                    />
                  ))}
                </ul>
              )}
            </section>
          </div>
        )
      }}
    </ResourceView>
  )
}

/** `/people`: the company's people, roles and invitations; read-only for members. */
export function PeoplePage({ title }: { title: string }) {
  const { t } = useI18n()
  const { state } = useSession()
  if (state.status !== 'signed-in') return null
  const company = state.session.memberships.find((m) => m.accountKind === 'corporate')
  return (
    <Page title={title}>
      {company ? (
        <CompanyPeople accountId={company.accountId} userId={state.session.user.id} />
      ) : (
        <p>{t('state.notAllowed.corporate', { email: state.session.user.email })}</p>
      )}
    </Page>
  )
}
