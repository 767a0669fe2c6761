/**
 * A segmented control for the views of one screen (Overview · Activity · Benefits), in place of a row of
 * links: each view is still a link, the current one raised and marked `aria-current="page"`. The views share the
 * width, a label wrapping at its spaces where a phone is too narrow for all of them on one line ("Atividade de
 * pontos" at 320 px), rather than the last view being cut at the edge; `scrolls` for a row of many sections (the back
 * office's), which keeps each label on one line and scrolls sideways on a phone.
 */
export function SegmentedNav({
  label,
  items,
  current,
  scrolls = false,
}: {
  label: string
  items: readonly { href: string; label: string }[]
  current: string
  scrolls?: boolean
}) {
  return (
    <nav aria-label={label} className="cash-segmented" data-scrolls={scrolls || undefined}>
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
