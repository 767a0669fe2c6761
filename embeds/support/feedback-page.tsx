import { FEEDBACK_MESSAGE_MAX } from '../../domain/api/support.schema'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { FormFooter } from '../ui/form-footer'
import { CalloutCard, LoadingState } from '../ui/state-views'
import { useFeedbackForm } from './use-feedback-form'
import { useEmbedNavigation } from '../lib/embed-navigation'

const RATINGS = ['1', '2', '3', '4', '5'] as const

/** `/support/feedback` and `/feedback`: a rating of 1–5 and a message, then a thank-you. */
export function FeedbackPage() {
  const { t } = useI18n()
  const { state } = useSession()
  const { here } = useEmbedNavigation()
  if (state.status === 'loading') return <LoadingState />
  if (state.status !== 'signed-in') {
    const next = encodeURIComponent(here)
    return (
      <CalloutCard
        title={t('support.home.contactTitle')}
        body={t('support.signIn.body')}
        action={<a href={`/app/cash/sign-in?next=${next}`}>{t('support.signIn.action')}</a>}
      />
    )
  }
  return <FeedbackForm />
}

function FeedbackForm() {
  const { t, locale } = useI18n()
  const form = useFeedbackForm()
  if (form.sent) {
    return (
      <section className="cash-card cash-stack" role="status" aria-labelledby="feedback-thanks">
        <h2 id="feedback-thanks">{t('support.feedback.thanksTitle')}</h2>
        <p className="cash-muted" style={{ margin: 0 }}>
          {t('support.feedback.thanksBody')}
        </p>
        <div className="cash-actions">
          <a href="/app/cash/support">{t('support.feedback.back')}</a>
          <button type="button" className="cash-button" data-variant="secondary" onClick={form.reset}>
            {t('support.feedback.another')}
          </button>
        </div>
      </section>
    )
  }
  const count = new Intl.NumberFormat(locale)
  return (
    <form className="cash-card cash-stack" onSubmit={(e) => void form.onSubmit(e)} noValidate aria-busy={form.busy}>
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('support.feedback.intro')}
      </p>
      <fieldset
        className="cash-stack"
        style={{ border: 0, padding: 0, margin: 0, gap: 0 }}
        aria-describedby={form.rating.error ? 'feedback-rating-error' : undefined}
      >
        <legend>{t('support.feedback.rating')}</legend>
        {RATINGS.map((r) => (
          <label key={r}>
            <input
              type="radio"
              name="rating"
              value={r}
              checked={form.rating.value === r}
              onChange={(e) => form.rating.onChange(e.target.value)}
              aria-invalid={form.rating.error ? true : undefined}
              aria-describedby={form.rating.error ? 'feedback-rating-error' : undefined}
            />
            {t(`support.feedback.rating.${r}`)}
          </label>
        ))}
        {form.rating.error ? (
          <p id="feedback-rating-error" className="cash-field-error" role="alert">
            {form.rating.error}
          </p>
        ) : null}
      </fieldset>
      <div className="cash-field">
        <label htmlFor="feedback-message">{t('support.feedback.message')}</label>
        <textarea
          id="feedback-message"
          name="message"
          rows={6}
          maxLength={FEEDBACK_MESSAGE_MAX}
          value={form.message.value}
          onChange={(e) => form.message.onChange(e.target.value)}
          aria-invalid={form.message.error ? true : undefined}
          aria-describedby={['feedback-message-count', form.message.error ? 'feedback-message-error' : null]
            .filter(Boolean)
            .join(' ')}
          style={{
            font: 'inherit',
            padding: '10px 12px',
            borderRadius: 8,
            border: `1px solid ${form.message.error ? 'var(--cash-danger)' : 'var(--cash-border)'}`,
            background: 'var(--cash-surface)',
            color: 'var(--cash-text)',
            resize: 'vertical',
          }}
        />
        <p id="feedback-message-count" className="cash-muted" style={{ margin: 0, fontSize: '0.875rem' }}>
          {t('support.feedback.counter', {
            count: count.format(form.message.value.length),
            max: count.format(FEEDBACK_MESSAGE_MAX),
          })}
        </p>
        {form.message.error ? (
          <p id="feedback-message-error" className="cash-field-error" role="alert">
            {form.message.error}
          </p>
        ) : null}
      </div>
      <FormFooter
        error={form.formError}
        busy={form.busy}
        label={t('support.feedback.send')}
        busyLabel={t('support.feedback.sending')}
      />
    </form>
  )
}
