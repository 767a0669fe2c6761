import { useI18n } from '../lib/i18n'

/**
 * Marks sandbox data and controls (made up by the sandbox, not real): shown only where the server is not in production.
 */
export function SandboxChip() {
  const { t } = useI18n()
  return (
    <span className="cash-badge" data-sandbox="true" title={t('sandbox.chipHint')}>
      {t('sandbox.chip')}
    </span>
  )
}
