import { useState } from 'react'
import { WaitlistBody, WaitlistResponse } from '../../domain/api/people.schema'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { Page } from '../ui/page'
import { TextField } from '../ui/text-field'

/** `/waitlist`: where sign-up leads while sign-ups are closed. The answer is the same for a repeat e-mail. */
export function WaitlistPage({ title, signInHref }: { title: string; signInHref: string }) {
  const { t } = useI18n()
  const { api } = useSession()
  const [done, setDone] = useState<string | null>(null)
  const form = useZodForm(WaitlistBody, { email: '' }, async (data) => {
    await api.post('/waitlist', WaitlistResponse, data)
    setDone(data.email)
  })
  return (
    <Page title={title}>
      {done ? (
        <p className="cash-card" role="status">
          {t('waitlist.done', { email: done })}
        </p>
      ) : (
        <form className="cash-card cash-stack" onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
          <p style={{ margin: 0 }}>{t('waitlist.intro')}</p>
          <TextField
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.bind('email')}
          />
          <FormFooter
            error={form.formError}
            busy={form.busy}
            label={t('waitlist.submit')}
            busyLabel={t('waitlist.busy')}
          />
        </form>
      )}
      <p>
        {t('waitlist.haveAccount')} <a href={signInHref}>{t('auth.signIn.submit')}</a>
      </p>
    </Page>
  )
}
