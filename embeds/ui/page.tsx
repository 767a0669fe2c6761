import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A screen: sets the document title and moves focus to its heading when it mounts, so a route change is
 * announced to screen readers and keyboard users start at the top.
 */
export function Page({
  title,
  children,
  actions,
  className,
}: {
  title: string
  children: ReactNode
  actions?: ReactNode
  className?: string
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = `${title} · Cash`
    heading.current?.focus()
  }, [title])
  return (
    <main className={className ? `cash-page ${className}` : 'cash-page'}>
      <div className="cash-row">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </main>
  )
}
