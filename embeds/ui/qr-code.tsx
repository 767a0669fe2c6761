import { encode } from 'uqr'

/** A QR code as crisp SVG, with the encoded text as its accessible name. */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { data, size: cells } = encode(value, { ecc: 'M', border: 2 })
  const path = data.flatMap((row, y) => row.map((on, x) => (on ? `M${x} ${y}h1v1h-1z` : ''))).join('')
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${cells} ${cells}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 8 }}
      data-qr-value={value}
    >
      <path d={path} fill="#000" />
    </svg>
  )
}
