import type { LucideIcon } from 'lucide-react'
import { ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Asset } from '../../domain/asset'
import { AssetLogo } from './asset-logo'
import { Icon } from './icon'

type AvatarProps = { icon: LucideIcon; tone?: 'accent' | 'positive' | 'muted' } | { asset: Asset } | { name: string }

/** A row's 40 px leading mark: a category icon, an asset's logo, or a person's initial on a tinted circle. */
export function Avatar(props: AvatarProps) {
  if ('asset' in props)
    return (
      <span className="cash-avatar">
        <AssetLogo asset={props.asset} />
      </span>
    )
  if ('name' in props)
    return (
      <span className="cash-avatar" aria-hidden="true">
        {[...props.name.trim()][0]?.toLocaleUpperCase() ?? '?'}
      </span>
    )
  return (
    <span className="cash-avatar" data-tone={props.tone}>
      <Icon icon={props.icon} />
    </span>
  )
}

export type ListRowProps = {
  leading?: ReactNode
  title: ReactNode
  subtitle?: ReactNode
  /** The trailing figure: an amount, already formatted. */
  end?: ReactNode
  /** A word under `end` (Pending, Declined). */
  endNote?: ReactNode
  /** Shows a chevron when there is no `end`: the row opens a page. */
  chevron?: boolean
  href?: string
  onClick?: () => void
  /** Attributes for the row's link or button (aria-expanded, data-testid…). */
  rowProps?: Record<string, string | boolean | undefined>
}

/**
 * The list row every list draws: leading mark, title and subtitle, trailing amount with its state, 64 px high,
 * padded inside its card, the whole row one link (or button). Put rows in `<ul className="cash-rows">`. The title and
 * the trailing amount share a line while the title keeps 6em and its longest word whole; on a phone too narrow for
 * both ("Emprestado" beside "US$ 1.200,00" at 320 px), the amount goes under, at the right, as a movement's does.
 */
export function ListRow({ leading, title, subtitle, end, endNote, chevron, href, onClick, rowProps }: ListRowProps) {
  const body = (
    <>
      {leading}
      <span className="cash-list-row-body">
        <span className="cash-list-row-main">
          <span className="cash-list-row-title">{title}</span>
          {subtitle ? <span className="cash-list-row-sub">{subtitle}</span> : null}
        </span>
        {end !== undefined || endNote !== undefined ? (
          <span className="cash-list-row-end">
            {end}
            {endNote}
          </span>
        ) : null}
      </span>
      {chevron ? (
        <span className="cash-list-row-chevron">
          <Icon icon={ChevronRight} />
        </span>
      ) : null}
    </>
  )
  if (href)
    return (
      <a className="cash-list-row" href={href} {...rowProps}>
        {body}
      </a>
    )
  if (onClick)
    return (
      <button type="button" className="cash-list-row" onClick={onClick} {...rowProps}>
        {body}
      </button>
    )
  return (
    <div className="cash-list-row" {...rowProps}>
      {body}
    </div>
  )
}
