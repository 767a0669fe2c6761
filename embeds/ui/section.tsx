import { useId, type ReactNode } from 'react'

/** A titled group: a small secondary title, "See all" on the right when there is more, then its content. */
export function Section({
  title,
  seeAll,
  children,
  testId,
}: {
  title: string
  seeAll?: { href: string; label: string }
  children: ReactNode
  testId?: string
}) {
  const id = useId()
  return (
    <section className="cash-section" aria-labelledby={id} data-testid={testId}>
      <div className="cash-section-head">
        <h2 id={id} className="cash-section-title">
          {title}
        </h2>
        {seeAll ? <a href={seeAll.href}>{seeAll.label}</a> : null}
      </div>
      {children}
    </section>
  )
}
