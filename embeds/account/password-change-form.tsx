import { useState } from 'react'
import { PasswordChangeBody, PasswordChanged } from '../../domain/api/auth.schema'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { Section } from '../ui/section'
import { TextField } from '../ui/text-field'

const ChangeForm = PasswordChangeBody.omit({ language: true })

/**
 * The password, changed with the current one: this device stays signed in, every other one is signed out
 * (`onChanged` lets the list of devices show it). After a change the fields start empty again.
 */
export function PasswordChangeForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useI18n()
  const [changes, setChanges] = useState<{ count: number; signedOut: number }>({ count: 0, signedOut: 0 })
  const { signedOut } = changes
  const done =
    changes.count === 0
      ? null
      : signedOut === 0
        ? t('password.changedNone')
        : signedOut === 1
          ? t('password.changedOne')
          : t('password.changedMany', { count: String(signedOut) })
  return (
    <Section title={t('password.title')}>
      <PasswordFields
        key={changes.count}
        done={done}
        onChanged={(n) => {
          setChanges((c) => ({ count: c.count + 1, signedOut: n }))
          onChanged()
        }}
      />
    </Section>
  )
}

function PasswordFields({ done, onChanged }: { done: string | null; onChanged: (signedOutOthers: number) => void }) {
  const { t, locale } = useI18n()
  const { api, state } = useSession()
  const form = useZodForm(ChangeForm, { password: '', newPassword: '' }, async (data) => {
    const changed = await api.post('/auth/password', PasswordChanged, {
      ...data,
      language: locale === 'pt-BR' ? 'pt-BR' : 'en',
    })
    onChanged(changed.signedOutOthers)
  })
  return (
    <form
      className="cash-card cash-stack"
      onSubmit={(e) => void form.onSubmit(e)}
      noValidate
      aria-busy={form.busy}
      aria-label={t('password.title')}
    >
      {/* The login beside the passwords, so a password manager updates the right one. */}
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={state.status === 'signed-in' ? state.session.user.email : ''}
        readOnly
        hidden
      />
      <TextField
        label={t('password.current')}
        type="password"
        autoComplete="current-password"
        {...form.bind('password')}
      />
      <TextField
        label={t('password.new')}
        hint={t('password.newHint')}
        type="password"
        autoComplete="new-password"
        {...form.bind('newPassword')}
      />
      {done ? (
        <p role="status" className="cash-notice" style={{ margin: 0 }}>
          {done}
        </p>
      ) : null}
      <FormFooter error={form.formError} busy={form.busy} label={t('password.submit')} busyLabel={t('password.busy')} />
    </form>
  )
}
