import { useId, useState, type PointerEvent } from 'react'
import { useI18n } from '../lib/i18n'

export type ChartPoint = { label: string; value: number; display: string }

const W = 340
const H = 168
const PAD = { right: 12, top: 12, bottom: 26 }

/**
 * A small SVG line chart with its axes: three value ticks on the left (formatted for the page's locale, or by
 * `tickFormat`), the first, middle and last dates below, a soft area under the line, and the value under the
 * pointer. `title` and `description` name it for screen readers, and the same points are in a table below
 * (opened on demand) for anyone who cannot see the line.
 */
export function LineChart({
  title,
  description,
  points,
  valueHeader,
  dateHeader,
  tableLabel,
  tickFormat,
}: {
  title: string
  description: string
  points: ChartPoint[]
  valueHeader: string
  dateHeader: string
  tableLabel: string
  tickFormat?: (value: number) => string
}) {
  const id = useId()
  const { locale } = useI18n()
  const [at, setAt] = useState<number | null>(null)
  const values = points.map((p) => p.value)
  const min = Math.min(...values)
  const max = Math.max(...values)
  const span = max - min || Math.abs(max) * 0.01 || 1
  const lo = min - span * 0.1
  const hi = max + span * 0.1
  const digits = span < 0.01 ? 6 : span < 1 ? 4 : 2
  const tick = tickFormat ?? ((v: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v))
  // One tick per distinct label (a flat line has one), the plot starting right of the longest.
  const ticks = [...new Map([min, (min + max) / 2, max].map((v) => [tick(v), v])).entries()]
  const left = Math.max(32, Math.max(...ticks.map(([label]) => label.length)) * 6.4 + 10)
  const plotW = W - left - PAD.right
  const plotH = H - PAD.top - PAD.bottom
  const x = (i: number) => left + (i * plotW) / Math.max(1, points.length - 1)
  const y = (v: number) => PAD.top + plotH - ((v - lo) * plotH) / (hi - lo)
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')
  const area = `${path} L${x(points.length - 1).toFixed(1)},${PAD.top + plotH} L${left},${PAD.top + plotH} Z`
  const dateIdx = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])]
  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect()
    const px = ((e.clientX - box.left) / box.width) * W
    setAt(Math.max(0, Math.min(points.length - 1, Math.round(((px - left) / plotW) * (points.length - 1)))))
  }
  const shown = at === null ? null : points[at]
  return (
    <figure className="cash-stack" style={{ margin: 0 }}>
      <svg
        className="cash-chart"
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        style={{ maxWidth: 560, color: 'var(--cash-accent)', touchAction: 'pan-y' }}
        onPointerMove={onMove}
        onPointerLeave={() => setAt(null)}
      >
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{description}</desc>
        <defs>
          <linearGradient id={`${id}-fill`} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0" stopColor="currentColor" stopOpacity="0.18" />
            <stop offset="1" stopColor="currentColor" stopOpacity="0" />
          </linearGradient>
        </defs>
        {ticks.map(([label, v], i) => (
          <g key={label}>
            <line
              className="cash-chart-grid"
              x1={left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              strokeDasharray={i === 0 ? undefined : '3 3'}
            />
            <text x={left - 6} y={y(v) + 4} textAnchor="end">
              {label}
            </text>
          </g>
        ))}
        {dateIdx.map((i) => (
          <text key={i} x={x(i)} y={H - 8} textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}>
            {points[i]?.label}
          </text>
        ))}
        <path d={area} fill={`url(#${id}-fill)`} />
        <path d={path} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
        {shown && at !== null ? (
          <g>
            <line x1={x(at)} x2={x(at)} y1={PAD.top} y2={PAD.top + plotH} stroke="currentColor" strokeOpacity="0.4" />
            <circle
              cx={x(at)}
              cy={y(shown.value)}
              r={4}
              fill="currentColor"
              stroke="var(--cash-surface)"
              strokeWidth={2}
            />
          </g>
        ) : null}
      </svg>
      <p
        className="cash-muted"
        style={{ margin: 0, minHeight: '1.45em', fontSize: '0.875rem', fontVariantNumeric: 'tabular-nums' }}
        aria-hidden="true"
      >
        {shown ? `${shown.label} · ${shown.display}` : null}
      </p>
      <details>
        <summary>{tableLabel}</summary>
        <table className="cash-table">
          <caption className="cash-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{dateHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                <td>{p.display}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
