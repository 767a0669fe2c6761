import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { useI18n } from '../embeds/lib/i18n'
import { useSession } from '../embeds/lib/session'

/** The web shell's frame: a bar with the brand, navigation and sign-out; the embed below it. */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  const { state, signOut } = useSession()
  return (
    <>
      <a className="cash-visually-hidden" href="#cash-content">
        Skip to content
      </a>
      <header className="cash-shell-bar">
        <Link href="/" className="cash-shell-brand">
          {t('app.name')}
        </Link>
        {state.status === 'signed-in' ? (
          <nav aria-label={t('nav.main')} className="cash-shell-nav">
            <Link href="/">{t('nav.home')}</Link>
            <span className="cash-muted">{state.session.user.email}</span>
            <button type="button" className="cash-button" data-variant="secondary" onClick={() => void signOut()}>
              {t('nav.signOut')}
            </button>
          </nav>
        ) : null}
      </header>
      <div id="cash-content">{children}</div>
    </>
  )
}
