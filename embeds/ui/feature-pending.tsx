import { useI18n } from '../lib/i18n'
import { Page } from './page'

/** A screen whose feature comes in a later release: its frame and title, and a plain word that it is not here yet. */
export function FeaturePending({ title }: { title: string }) {
  const { t } = useI18n()
  return (
    <Page title={title}>
      <section className="cash-card cash-stack" data-testid="feature-pending">
        <p style={{ margin: 0 }}>{t('state.notAvailable.body')}</p>
        <p style={{ margin: 0 }}>
          <a href="/app/cash">{t('state.goHome')}</a>
        </p>
      </section>
    </Page>
  )
}
