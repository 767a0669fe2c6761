import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Icon } from './icon'

/** What an empty list shows: an icon, one sentence of what will appear here, and the action that makes it appear. */
export function EmptyState({
  icon,
  text,
  action,
  testId,
}: {
  icon: LucideIcon
  text: string
  action?: ReactNode
  testId?: string
}) {
  return (
    <div className="cash-empty" data-testid={testId}>
      <span className="cash-avatar">
        <Icon icon={icon} size={24} />
      </span>
      <p>{text}</p>
      {action}
    </div>
  )
}
