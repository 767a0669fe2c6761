import type { ReactNode } from 'react'
import { useI18n } from '../lib/i18n'

/** One way in or out on a hub: its page, its name and one line; `available: false` when its provider is missing. */
export type Way = { href: string; title: string; body?: ReactNode; available?: boolean }

/**
 * A hub's ways as one card of rows (`.cash-link-list`): each row a link to its page, or, for a way not available
 * yet, a row that opens nothing and says so in place of its line (no chevron, muted; announced as unavailable).
 */
export function WayList({ ways, label, testId }: { ways: readonly Way[]; label?: string; testId?: string }) {
  const { t } = useI18n()
  return (
    <ul className="cash-link-list" aria-label={label} data-testid={testId}>
      {ways.map((w) => (
        <li key={w.href}>
          {w.available === false ? (
            <div className="cash-link-off" aria-disabled="true">
              <strong>{w.title}</strong>
              <span className="cash-muted">{t('rails.notYet')}</span>
            </div>
          ) : (
            <a href={w.href}>
              <strong>{w.title}</strong>
              {w.body === undefined ? null : <span className="cash-muted">{w.body}</span>}
            </a>
          )}
        </li>
      ))}
    </ul>
  )
}
