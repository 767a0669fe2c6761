import type { ReactNode } from 'react'

/**
 * A card whose wide table scrolls sideways on a narrow screen. The scroller is a named region that takes
 * focus, so keyboard users can scroll it with the arrow keys (WCAG 2.1.1; axe `scrollable-region-focusable`).
 * `inCard`: the table already sits in a card, so the scroller draws none of its own. The table's caption stays in
 * view as the table scrolls, wrapped to the box's width (tokens.css).
 */
export function TableScroll({
  label,
  inCard = false,
  children,
}: {
  label: string
  inCard?: boolean
  children: ReactNode
}) {
  return (
    <div
      className={inCard ? 'cash-table-scroll' : 'cash-card cash-table-scroll'}
      role="region"
      aria-label={label}
      // A box that scrolls by itself takes focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box, see above
      tabIndex={0}
      style={{ overflowX: 'auto' }}
    >
      {children}
    </div>
  )
}
