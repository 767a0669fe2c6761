import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A screen: sets the document title and moves focus to its heading when it mounts or its title changes, so a route
 * change is announced to screen readers and keyboard users start at the top. A screen the server drew is taken over
 * by React after the page went live (inside the shell's Suspense boundaries, on a slow device well after): someone
 * may already be in one of its fields by then, typing. So a screen that opens with focus already inside it leaves
 * the focus where it is: taken to the heading, the rest of what they typed went nowhere.
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
  const screen = useRef<HTMLElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  // The title last shown: null before the screen opens; the same title again is StrictMode running the opening twice.
  const shown = useRef<string | null>(null)
  useEffect(() => {
    document.title = `${title} · Cash`
    const opening = shown.current === null || shown.current === title
    shown.current = title
    const at = document.activeElement
    if (opening && at !== heading.current && screen.current?.contains(at)) return
    heading.current?.focus()
  }, [title])
  return (
    <main ref={screen} className={className ? `cash-page ${className}` : 'cash-page'}>
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
