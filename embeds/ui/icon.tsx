import type { LucideIcon } from 'lucide-react'

/**
 * One outline icon from lucide at the design's sizes and 1.75 stroke, in the text colour around it. Icons are
 * decoration: the words beside them carry the meaning, so they are hidden from screen readers. Import icons by
 * name (`import { Send } from 'lucide-react'`) so the bundle keeps only those drawn.
 */
export function Icon({ icon: Glyph, size = 20 }: { icon: LucideIcon; size?: 16 | 20 | 24 }) {
  return <Glyph size={size} strokeWidth={1.75} aria-hidden="true" focusable="false" className="cash-icon" />
}
