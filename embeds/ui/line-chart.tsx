import { useId } from 'react'

export type ChartPoint = { label: string; value: number; display: string }

/**
 * A small SVG line chart: `title` and `description` name it for screen readers, and the same points are in a
 * table below (opened on demand) for anyone who cannot see the line.
 */
export function LineChart({ title, description, points, valueHeader, dateHeader, tableLabel }: { title: string; description: string; points: ChartPoint[]; valueHeader: string; dateHeader: string; tableLabel: string }) {
  const id = useId()
  const width = 320
  const height = 120
  const pad = 8
  const values = points.map((p) => p.value)
  const min = Math.min(...values)
  const max = Math.max(...values)
  const span = max - min || 1
  const xy = points.map((p, i) => [pad + (i * (width - 2 * pad)) / Math.max(1, points.length - 1), height - pad - ((p.value - min) * (height - 2 * pad)) / span] as const)
  const path = xy.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ')
  return (
    <figure className="cash-stack" style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-labelledby={`${id}-t ${id}-d`} style={{ maxWidth: 480, color: 'var(--cash-accent)' }}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} stroke="var(--cash-border)" />
        <path d={path} fill="none" stroke="currentColor" strokeWidth={2} />
      </svg>
      <details>
        <summary>{tableLabel}</summary>
        <table>
          <caption className="cash-visually-hidden">{title}</caption>
          <thead><tr><th scope="col">{dateHeader}</th><th scope="col">{valueHeader}</th></tr></thead>
          <tbody>{points.map((p) => <tr key={p.label}><th scope="row">{p.label}</th><td>{p.display}</td></tr>)}</tbody>
        </table>
      </details>
    </figure>
  )
}
