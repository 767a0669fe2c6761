import { useMemo, useState } from 'react'
import { z } from 'zod'
import { ProfileBody, ProfileView } from '../../domain/api/settings.schema'
import { useI18n } from '../lib/i18n'
import { useResource } from '../lib/use-resource'
import { useSession } from '../lib/session'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'
import { PasswordChangeForm } from './password-change-form'
import { SessionsSection } from './sessions-section'
import { useSessions } from './use-sessions'
import { ResourceView } from '../ui/resource-view'

/** The form sends no time zone when the profile governs no account (an empty field). */
const ProfileForm = ProfileBody.extend({
  timeZone: z
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(ProfileBody.shape.timeZone),
})

/**
 * `/settings/profile-details`: name, language, time zone and phone (the login e-mail is shown, not changed); then how
 * the person signs in: the password, and the devices signed in now (the spec has no route of its own for them).
 */
export function ProfileDetailsPage() {
  const { api } = useSession()
  const profile = useResource('profile', (signal) => api.get('/profile', ProfileView, signal))
  return (
    <div className="cash-stack" style={{ gap: 24 }}>
      <ResourceView resource={profile}>{(loaded) => <ProfileDetailsForm profile={loaded} />}</ResourceView>
      <SignInSettings />
    </div>
  )
}

/** The password and the signed-in devices: a password change signs the other devices out, so the list reloads. */
function SignInSettings() {
  const sessions = useSessions()
  return (
    <>
      <PasswordChangeForm onChanged={sessions.reload} />
      <SessionsSection sessions={sessions} />
    </>
  )
}

function ProfileDetailsForm({ profile }: { profile: ProfileView }) {
  const { t } = useI18n()
  const { api, refresh } = useSession()
  const [saved, setSaved] = useState(false)
  const zones = useMemo(
    () => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []),
    [],
  )
  const form = useZodForm(
    ProfileForm,
    {
      name: profile.name,
      language: profile.language ?? '',
      phone: profile.phone ?? '',
      timeZone: profile.timeZone?.value ?? '',
    },
    async (data) => {
      setSaved(false)
      await api.put('/profile', ProfileView, data)
      // The session carries the saved language: refreshing it switches the page's language.
      await refresh()
      setSaved(true)
    },
  )
  const language = form.bind('language')
  const zone = profile.timeZone
  return (
    <form className="cash-card cash-stack" onSubmit={(e) => void form.onSubmit(e)} noValidate aria-busy={form.busy}>
      <TextField label={t('profile.name')} autoComplete="name" {...form.bind('name')} />
      <div className="cash-field">
        <label htmlFor="profile-email">{t('profile.email')}</label>
        <input id="profile-email" value={profile.email} readOnly aria-describedby="profile-email-note" />
        <p id="profile-email-note" className="cash-muted" style={{ margin: 0 }}>
          {t('profile.emailNote')}
        </p>
      </div>
      <fieldset className="cash-field" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend>{t('profile.language')}</legend>
        {(['en', 'pt-BR', ''] as const).map((code) => (
          <label key={code}>
            <input
              type="radio"
              name="language"
              value={code}
              checked={language.value === code}
              onChange={language.onChange}
            />
            {t(code === '' ? 'profile.language.device' : `profile.language.${code}`)}
          </label>
        ))}
        {language.error ? (
          <p className="cash-field-error" role="alert">
            {language.error}
          </p>
        ) : null}
      </fieldset>
      {zone ? (
        <>
          <TextField
            label={t('profile.timeZone')}
            hint={t(zone.editable ? 'profile.timeZone.hint' : 'profile.timeZone.readOnly', {
              account: zone.accountName,
            })}
            list="profile-time-zones"
            autoComplete="off"
            readOnly={!zone.editable}
            {...form.bind('timeZone')}
          />
          <datalist id="profile-time-zones">
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </>
      ) : null}
      <TextField
        label={t('profile.phone')}
        hint={t('profile.phone.hint')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...form.bind('phone')}
      />
      {saved ? (
        <p role="status" className="cash-notice" style={{ margin: 0 }}>
          {t('profile.saved')}
        </p>
      ) : null}
      <FormFooter error={form.formError} busy={form.busy} label={t('profile.save')} busyLabel={t('profile.saving')} />
    </form>
  )
}
