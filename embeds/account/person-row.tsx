import { useState } from 'react'
import type { PersonView } from '../../domain/api/people.schema'
import { decidePeopleAction, type CompanyRole } from '../../domain/people'
import { useI18n } from '../lib/i18n'
import { useAction } from '../lib/use-action'
import { SelectField } from '../ui/select-field'

type Props = {
  person: PersonView
  you: boolean
  yourRole: CompanyRole
  roles: CompanyRole[]
  owners: number
  company: string
  onChangeRole: (role: CompanyRole) => Promise<void>
  onRemove: () => Promise<void>
}

/** One person: name, e-mail and role; for a manager allowed to, a role picker and removal behind a confirmation. */
export function PersonRow({ person, you, yourRole, roles, owners, company, onChangeRole, onRemove }: Props) {
  const { t } = useI18n()
  const [role, setRole] = useState<CompanyRole>(person.role)
  const [confirming, setConfirming] = useState(false)
  const action = useAction()
  const mayChange = roles.filter(
    (to) =>
      to === person.role ||
      decidePeopleAction(yourRole, { kind: 'change_role', from: person.role, to, owners }).allowed,
  )
  const mayRemove = decidePeopleAction(yourRole, { kind: 'remove', role: person.role, owners }).allowed
  const error = action.error ?? action.fieldErrors.role
  return (
    <li className="cash-card cash-stack" aria-label={person.name}>
      <div>
        <strong>{person.name}</strong> {you ? <span className="cash-muted">{t('people.you')}</span> : null}
        <div className="cash-muted">{person.email}</div>
      </div>
      {mayChange.length > 1 ? (
        <form
          className="cash-row"
          style={{ alignItems: 'flex-end' }}
          onSubmit={(e) => {
            e.preventDefault()
            void action.run(() => onChangeRole(role))
          }}
        >
          <div style={{ flex: '1 1 12rem' }}>
            <SelectField
              id={`person-role-${person.userId}`}
              label={t('people.invite.role')}
              accessibleName={t('people.roleFor', { name: person.name })}
              value={role}
              onChange={(v) => setRole(v as CompanyRole)}
            >
              {mayChange.map((r) => (
                <option key={r} value={r}>
                  {t(`people.role.${r}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <button
            type="submit"
            className="cash-button"
            data-variant="secondary"
            disabled={action.busy || role === person.role}
          >
            {action.busy ? t('people.saving') : t('people.saveRole')}
          </button>
        </form>
      ) : (
        <div>{t(`people.role.${person.role}`)}</div>
      )}
      {mayRemove && !confirming ? (
        <div>
          <button type="button" className="cash-button" data-variant="destructive" onClick={() => setConfirming(true)}>
            {t('people.remove', { name: person.name })}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <div className="cash-stack" role="group" aria-label={t('people.remove', { name: person.name })}>
          <p style={{ margin: 0 }}>{t('people.remove.confirm', { name: person.name, company })}</p>
          <div className="cash-row">
            <button
              type="button"
              className="cash-button"
              disabled={action.busy}
              onClick={() => void action.run(onRemove)}
            >
              {action.busy ? t('people.remove.busy') : t('people.remove.yes')}
            </button>
            <button
              type="button"
              className="cash-button"
              data-variant="secondary"
              disabled={action.busy}
              onClick={() => setConfirming(false)}
            >
              {t('people.cancel')}
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p className="cash-alert" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}
