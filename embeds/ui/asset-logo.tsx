import type { ReactNode } from 'react'
import type { Asset } from '../../domain/asset'

/**
 * Asset and network logos drawn inline (a few hundred bytes each, no image requests, crisp at any size): the
 * brand colour on a circle and the mark in white. Decoration beside the asset's name, so hidden from screen readers.
 */
const ETH_DIAMOND = (
  <>
    <path d="M16.5 4v8.9l7.5 3.3L16.5 4Z" fill="#fff" fillOpacity=".6" />
    <path d="M16.5 4 9 16.2l7.5-3.3V4Z" fill="#fff" />
    <path d="M16.5 22v6l7.5-10.4-7.5 4.4Z" fill="#fff" fillOpacity=".6" />
    <path d="M16.5 28v-6L9 17.6 16.5 28Z" fill="#fff" />
    <path d="m16.5 20.6 7.5-4.4-7.5-3.3v7.7Z" fill="#fff" fillOpacity=".2" />
    <path d="m9 16.2 7.5 4.4v-7.7L9 16.2Z" fill="#fff" fillOpacity=".6" />
  </>
)

const ASSET_MARKS: Record<Asset, { bg: string; mark: ReactNode }> = {
  USDC: {
    bg: '#2775CA',
    mark: (
      <>
        <path
          d={
            'M20.6 18.3c0-1.9-1.1-2.5-3.4-2.8-1.6-.2-1.9-.6-1.9-1.4 0-.7.5-1.2 1.6-1.2 1 0 1.5.3 1.8 ' +
            '1.1.1.2.2.2.3.2h.9c.2 0 .3-.1.3-.3-.2-1.1-1-1.9-2.2-2.1V10.6c0-.2-.1-.3-.4-.3h-.8c-.2 ' +
            '0-.3.1-.4.3v1.2c-1.5.2-2.5 1.2-2.5 2.5 0 1.8 1.1 2.5 3.4 2.7 1.5.3 2 .6 2 1.5s-.8 ' +
            '1.4-1.8 1.4c-1.4 0-1.9-.6-2.1-1.4 0-.2-.2-.3-.3-.3h-1c-.2 0-.3.1-.3.3.2 1.3 1 2.2 2.6 ' +
            '2.4v1.2c0 .2.1.3.4.3h.8c.2 0 .3-.1.4-.3v-1.2c1.6-.2 2.6-1.3 2.6-2.6Z'
          }
          fill="#fff"
        />
        <path
          d={
            'M13.6 24.3c-4.2-1.5-6.4-6.2-4.8-10.4.8-2.3 2.6-4 ' +
            '4.8-4.8.2-.1.3-.3.3-.5V7.8c0-.2-.1-.3-.3-.4h-.1c-5.1 1.6-7.9 7-6.3 12.1.9 3 3.3 5.4 6.3 6.3.2.1.4 0 ' +
            '.5-.2v-.1-.8c0-.2-.2-.4-.4-.4Zm4.9-16.9c-.2-.1-.4 0-.5.2v.9c0 .2.2.4.3.5 4.2 1.5 6.4 6.2 4.8 10.4-.8 ' +
            '2.3-2.6 4-4.8 4.8-.2.1-.3.3-.3.5v.8c0 .2.1.3.3.4h.1c5.1-1.6 7.9-7 6.3-12.1-.9-3.1-3.3-5.5-6.2-6.4Z'
          }
          fill="#fff"
        />
      </>
    ),
  },
  USDT: {
    bg: '#26A17B',
    mark: (
      <path
        d={
          'M17.9 17.3v0c-.1 0-.7.1-1.9.1-1 0-1.6 0-1.9-.1v0c-3.6-.2-6.3-.8-6.3-1.6s2.7-1.4 ' +
          '6.3-1.6v2.4c.3 0 .9.1 1.9.1 1.2 0 1.8-.1 1.9-.1v-2.4c3.6.2 6.3.8 6.3 1.6s-2.7 ' +
          '1.4-6.3 1.6Zm0-3.3V11.9h5.1V8.5H9v3.4h5.1V14c-4.1.2-7.2 1-7.2 2s3.1 1.8 7.2 ' +
          '2v7.2h3.8V18c4.1-.2 7.2-1 7.2-2s-3.1-1.8-7.2-2Z'
        }
        fill="#fff"
      />
    ),
  },
  ETH: { bg: '#627EEA', mark: ETH_DIAMOND },
  weETH: {
    bg: '#4B2E83',
    mark: (
      <>
        <g transform="translate(1.5 1) scale(0.88)">{ETH_DIAMOND}</g>
        <circle cx="24.5" cy="24.5" r="5" fill="#D9C6FF" stroke="#4B2E83" strokeWidth="1.5" />
        <path
          d="M22.4 24.6l1.5 1.5 2.7-2.9"
          stroke="#4B2E83"
          strokeWidth="1.6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </>
    ),
  },
  BRL: {
    bg: '#009C3B',
    mark: (
      <text
        x="16"
        y="20.5"
        textAnchor="middle"
        fontSize="11"
        fontWeight="700"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        R$
      </text>
    ),
  },
}

const NETWORK_COLOURS: Record<string, { bg: string; fg: string; letter: string }> = {
  Ethereum: { bg: '#627EEA', fg: '#fff', letter: 'Ξ' },
  Scroll: { bg: '#FFEEDA', fg: '#101010', letter: 'S' },
  Base: { bg: '#0052FF', fg: '#fff', letter: 'B' },
  Arbitrum: { bg: '#213147', fg: '#12AAFF', letter: 'A' },
  Optimism: { bg: '#FF0420', fg: '#fff', letter: 'OP' },
  Polygon: { bg: '#8247E5', fg: '#fff', letter: 'P' },
}

/** An asset's logo at `size` px (40 in list rows, 24 beside amounts). */
export function AssetLogo({ asset, size = 40 }: { asset: Asset; size?: number }) {
  const { bg, mark } = ASSET_MARKS[asset]
  return (
    <svg className="cash-logo" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill={bg} />
      {mark}
    </svg>
  )
}

/** A network's mark: its brand colour on a circle with its initial (Ethereum's Ξ). */
export function NetworkLogo({ network, size = 24 }: { network: string; size?: number }) {
  const n = NETWORK_COLOURS[network] ?? { bg: '#5B6270', fg: '#fff', letter: network.slice(0, 1).toUpperCase() }
  if (network === 'Ethereum') return <AssetLogo asset="ETH" size={size} />
  return (
    <svg className="cash-logo" viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill={n.bg} />
      <text
        x="16"
        y="21.5"
        textAnchor="middle"
        fontSize={n.letter.length > 1 ? 12 : 15}
        fontWeight="800"
        fill={n.fg}
        fontFamily="system-ui, sans-serif"
      >
        {n.letter}
      </text>
    </svg>
  )
}
