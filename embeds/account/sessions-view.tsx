import { Globe, Smartphone } from 'lucide-react'
import { formatDate } from '../../domain/format-date'
import type { SessionList } from '../../domain/api/auth.schema'
import type { Locale } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'
import { Avatar } from '../ui/list-row'
import { Section } from '../ui/section'
import type { EndedSessions, SessionItem } from './use-sessions'

type T = (key: MessageKey, vars?: Record<string, string>) => string

/** A session's device as a person knows it: "Chrome on macOS", "Cash app on iOS", or as much as is known. */
export function deviceName(s: Pick<SessionItem, 'transport' | 'browser' | 'os'>, t: T): string {
  if (s.transport === 'bearer') return s.os ? t('sessions.device.app', { os: s.os }) : t('sessions.device.appUnknown')
  if (s.browser && s.os) return t('sessions.device.web', { browser: s.browser, os: s.os })
  if (s.browser) return t('sessions.device.webBrowserOnly', { browser: s.browser })
  return s.os ? t('sessions.device.webOsOnly', { os: s.os }) : t('sessions.device.webUnknown')
}

export type SessionsViewProps = {
  data: SessionList
  t: T
  locale: Locale
  busy: boolean
  error: string | null
  ended: EndedSessions | null
  onSignOut: (session: SessionItem) => void
  onSignOutOthers: () => void
}

/**
 * The list of signed-in devices: this one first and marked, each other with its own sign-out, then "everywhere else".
 */
export function SessionsView({ data, t, locale, busy, error, ended, onSignOut, onSignOutOthers }: SessionsViewProps) {
  const others = data.sessions.filter((s) => !s.current)
  const done =
    ended === null
      ? null
      : ended.kind === 'one'
        ? t('sessions.signedOutOne', { device: deviceName(ended.session, t) })
        : ended.count === 1
          ? t('sessions.signedOutOthersOne')
          : t('sessions.signedOutOthersMany', { count: String(ended.count) })
  const { webIdleMinutes, appIdleHours, lifetimeHours } = data.policy
  return (
    <Section title={t('sessions.title')} testId="sessions">
      <ul className="cash-rows">
        {data.sessions.map((s) => {
          const device = deviceName(s, t)
          const since = formatDate(s.createdAt, locale, 'dateTime')
          return (
            <li key={s.id} data-testid="sessions.item">
              {/*
               * A list row of three lines (ListRow has two): the device's name wraps at its spaces ("Cash app on
               * iPadOS" is worth two lines on a phone); where its longest word does not fit beside the badge or the
               * button, they go under, at the right (the row's body, tokens.css).
               */}
              <div className="cash-list-row">
                <Avatar icon={s.transport === 'bearer' ? Smartphone : Globe} tone={s.current ? undefined : 'muted'} />
                <span className="cash-list-row-body">
                  <span className="cash-list-row-main">
                    <span className="cash-list-row-title">{device}</span>
                    <span className="cash-list-row-sub">
                      {s.current
                        ? t('sessions.activeNow')
                        : t('sessions.lastSeen', { date: formatDate(s.lastSeenAt, locale, 'dateTime') })}
                    </span>
                    <span className="cash-list-row-sub">{t('sessions.since', { date: since })}</span>
                  </span>
                  <span className="cash-list-row-end">
                    {s.current ? (
                      <span className="cash-badge">{t('sessions.thisDevice')}</span>
                    ) : (
                      <button
                        type="button"
                        className="cash-button"
                        data-variant="destructive"
                        style={{ paddingInline: 12, whiteSpace: 'nowrap' }}
                        disabled={busy}
                        aria-label={t('sessions.signOutLabel', { device, date: since })}
                        onClick={() => onSignOut(s)}
                      >
                        {t('sessions.signOut')}
                      </button>
                    )}
                  </span>
                </span>
              </div>
            </li>
          )
        })}
      </ul>
      {done ? (
        <p role="status" className="cash-notice" style={{ margin: 0 }}>
          {done}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="cash-alert" style={{ margin: 0 }}>
          {error}
        </p>
      ) : null}
      {others.length > 0 ? (
        <button
          type="button"
          className="cash-button"
          data-variant="destructive"
          disabled={busy}
          onClick={onSignOutOthers}
        >
          {busy ? t('sessions.signingOut') : t('sessions.signOutOthers')}
        </button>
      ) : (
        <p className="cash-muted" style={{ margin: 0 }}>
          {t('sessions.onlyThis')}
        </p>
      )}
      <p className="cash-muted" style={{ margin: 0, fontSize: '0.875rem' }}>
        {t('sessions.policy', {
          minutes: String(webIdleMinutes),
          days: String(Math.round(appIdleHours / 24)),
          lifetime: String(Math.round(lifetimeHours / 24)),
        })}
      </p>
    </Section>
  )
}
