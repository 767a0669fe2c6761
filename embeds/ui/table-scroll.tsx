import type { ReactNode } from 'react'

/**
 * A card whose wide table scrolls sideways on a narrow screen. The scroller is a named region that takes
 * focus, so keyboard users can scroll it with the arrow keys (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="cash-card" role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </div>
  )
}
