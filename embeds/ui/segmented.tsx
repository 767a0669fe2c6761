/**
 * A segmented control for the views of one screen (Overview · Activity · Benefits), in place of a row of
 * links: each view is still a link, the current one raised and marked `aria-current="page"`.
 */
export function SegmentedNav({
  label,
  items,
  current,
}: {
  label: string
  items: readonly { href: string; label: string }[]
  current: string
}) {
  return (
    <nav aria-label={label} className="cash-segmented">
      <ul>
        {items.map((i) => (
          <li key={i.href}>
            <a href={i.href} aria-current={i.href === current ? 'page' : undefined}>
              {i.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
