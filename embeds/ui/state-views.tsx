import type { ReactNode } from 'react'
import { useI18n } from '../lib/i18n'

/** A polite loading line for screen readers and eyes. */
export function LoadingState() {
  const { t } = useI18n()
  return (
    <p role="status" className="cash-muted">
      {t('state.loading')}
    </p>
  )
}

/** A failure with its message and a way to try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useI18n()
  return (
    <div className="cash-alert cash-stack" role="alert">
      <p style={{ margin: 0 }}>{message}</p>
      {onRetry ? (
        <div>
          <button type="button" className="cash-button" data-variant="secondary" onClick={onRetry}>
            {t('state.retry')}
          </button>
        </div>
      ) : null}
    </div>
  )
}

/** A card with a title, text and one action. */
export function CalloutCard({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <section className="cash-card cash-stack">
      <h2>{title}</h2>
      <p className="cash-muted" style={{ margin: 0 }}>
        {body}
      </p>
      {action}
    </section>
  )
}
