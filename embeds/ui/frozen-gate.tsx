import type { ReactNode } from 'react'
import { formatDate } from '../../domain/format-date'
import { useAccountFreeze } from '../lib/use-account-freeze'
import { useI18n } from '../lib/i18n'

/**
 * The first screen of every flow that takes money out or spends it (withdraw, PIX, bank send, convert, earn,
 * repay, ordering or issuing a card): on a frozen account it says so, with the reason and what to do next,
 * instead of letting the holder fill in a form the server will refuse at its last step.
 */
export function FrozenGate({ accountId, children }: { accountId: string; children: ReactNode }) {
  const { t, locale } = useI18n()
  const freeze = useAccountFreeze(accountId)
  if (freeze.status !== 'ready' || !freeze.data.frozen) return <>{children}</>
  const f = freeze.data
  return (
    <section
      className="cash-card cash-stack"
      role="alert"
      aria-labelledby="frozen-gate-title"
      data-testid="frozen-gate"
    >
      <h2 id="frozen-gate-title">{t('frozen.title')}</h2>
      <p style={{ margin: 0 }}>
        {t('frozen.body', {
          when: f.frozenAt ? formatDate(f.frozenAt, locale) : '',
          reason: f.frozenReason ?? t('frozen.noReason'),
        })}
      </p>
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('frozen.next')}
      </p>
      <div className="cash-row">
        <a className="cash-button" href="/app/cash/support">
          {t('frozen.contact')}
        </a>
        <a className="cash-button" data-variant="secondary" href="/app/cash/top-up">
          {t('frozen.addMoney')}
        </a>
      </div>
    </section>
  )
}
