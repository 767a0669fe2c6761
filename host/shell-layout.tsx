import {
  ArrowUpRight,
  CreditCard,
  Gift,
  House,
  LifeBuoy,
  Plus,
  Receipt,
  Settings,
  Shield,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18n } from '../embeds/lib/i18n'
import type { MessageKey } from '../embeds/lib/messages-en'
import { useSession } from '../embeds/lib/session'
import { Icon } from '../embeds/ui/icon'

type NavItem = { href: string; label: MessageKey; icon: LucideIcon }

/** The holder's areas; cards point at the account kind's card route; staff get the back office. */
function navItems(kind: 'personal' | 'corporate' | null, admin: boolean): NavItem[] {
  const items: NavItem[] = [{ href: '/', label: 'nav.home', icon: House }]
  if (kind) {
    items.push(
      { href: '/top-up', label: 'nav.topUp', icon: Plus },
      { href: '/withdraw', label: 'nav.withdraw', icon: ArrowUpRight },
      { href: kind === 'corporate' ? '/card/@corporate' : '/card/@personal', label: 'nav.cards', icon: CreditCard },
      { href: '/transaction-history', label: 'nav.history', icon: Receipt },
      { href: '/cashback', label: 'nav.rewards', icon: Gift },
      ...(kind === 'corporate' ? [{ href: '/people', label: 'nav.people', icon: Users } as const] : []),
      { href: '/settings', label: 'nav.settings', icon: Settings },
    )
  }
  items.push({ href: '/support', label: 'nav.support', icon: LifeBuoy })
  if (admin) items.push({ href: '/admin', label: 'nav.admin', icon: Shield })
  return items
}

/** The web shell's frame: a bar with the brand and a menu (a sidebar on wide screens), the embed beside it. */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  const { state, signOut } = useSession()
  const [location] = useLocation()
  const [open, setOpen] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the address changes
  useEffect(() => setOpen(false), [location])
  const session = state.status === 'signed-in' ? state.session : null
  const items = session
    ? navItems(session.memberships[0]?.accountKind ?? null, session.user.platformRole === 'admin')
    : []
  return (
    <div className="cash-shell" data-menu-open={open}>
      <a className="cash-skip-link" href="#cash-content">
        {t('a11y.skipToContent')}
      </a>
      <header className="cash-shell-bar">
        <Link href="/" className="cash-shell-brand">
          {t('app.name')}
        </Link>
        {session ? (
          <button
            type="button"
            className="cash-button cash-shell-menu-button"
            data-variant="secondary"
            aria-expanded={open}
            aria-controls="cash-shell-nav"
            onClick={() => setOpen((o) => !o)}
          >
            {t('nav.menu')}
          </button>
        ) : null}
      </header>
      {session ? (
        <nav id="cash-shell-nav" aria-label={t('nav.main')} className="cash-shell-nav">
          <ul>
            {items.map((item) => (
              <li key={item.href}>
                <Link href={item.href} aria-current={location === item.href ? 'page' : undefined}>
                  <Icon icon={item.icon} />
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
          <p className="cash-muted cash-shell-user">{session.user.email}</p>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => void signOut()}>
            {t('nav.signOut')}
          </button>
        </nav>
      ) : null}
      <div id="cash-content" className="cash-shell-content" tabIndex={-1}>
        {children}
      </div>
    </div>
  )
}
