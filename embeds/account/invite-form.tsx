import { useState, type ChangeEvent } from 'react'
import { InviteBody } from '../../domain/api/people.schema'
import type { CompanyRole } from '../../domain/people'
import { useI18n } from '../lib/i18n'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'

/** Invite an e-mail with one of the roles the inviter may give. */
export function InviteForm({
  roles,
  onInvite,
}: {
  roles: CompanyRole[]
  onInvite: (body: InviteBody) => Promise<void>
}) {
  const { t } = useI18n()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useZodForm(
    InviteBody,
    { email: '', role: roles.includes('member') ? 'member' : (roles[0] ?? '') },
    async (data) => {
      setSentTo(null)
      await onInvite(data)
      setSentTo(data.email)
    },
  )
  const role = form.bind('role')
  return (
    <form
      className="cash-card cash-stack"
      onSubmit={form.onSubmit}
      noValidate
      aria-busy={form.busy}
      aria-labelledby="people-invite-title"
    >
      <h2 id="people-invite-title">{t('people.invite.title')}</h2>
      <TextField
        label={t('people.invite.email')}
        type="email"
        autoComplete="off"
        inputMode="email"
        {...form.bind('email')}
      />
      <div className="cash-field">
        <label htmlFor="people-invite-role">{t('people.invite.role')}</label>
        <p id="people-invite-role-hint" className="cash-muted" style={{ margin: 0 }}>
          {t('people.invite.roleHint')}
        </p>
        <select
          id="people-invite-role"
          name="role"
          value={role.value}
          aria-describedby="people-invite-role-hint"
          aria-invalid={role.error ? true : undefined}
          onChange={(e) => role.onChange(e as unknown as ChangeEvent<HTMLInputElement>) /* only target.value is read */}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {t(`people.role.${r}`)}
            </option>
          ))}
        </select>
        {role.error ? (
          <p className="cash-field-error" role="alert">
            {role.error}
          </p>
        ) : null}
      </div>
      <FormFooter
        error={form.formError}
        busy={form.busy}
        label={t('people.invite.submit')}
        busyLabel={t('people.invite.busy')}
      />
      {sentTo ? <p role="status">{t('people.invite.sent', { email: sentTo })}</p> : null}
    </form>
  )
}
