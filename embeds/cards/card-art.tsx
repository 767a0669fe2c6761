import { Snowflake } from 'lucide-react'
import { useI18n } from '../lib/i18n'
import { Icon } from '../ui/icon'
import type { Card } from './card-tile'

/** The Visa wordmark, drawn (the sandbox issuer's BIN is in Visa's range). */
function VisaMark() {
  return (
    <svg viewBox="0 0 64 21" width="56" height="18" aria-hidden="true" focusable="false">
      <text
        x="0"
        y="18"
        fill="#ffffff"
        fontFamily="system-ui, sans-serif"
        fontSize="22"
        fontWeight="900"
        fontStyle="italic"
        letterSpacing="-0.5"
      >
        VISA
      </text>
    </svg>
  )
}

/**
 * The card as a picture (Apple Wallet's proportions, 1.586:1): a gradient per kind — personal or corporate,
 * virtual or physical — the last four, the name and the network mark; a frost and a "Frozen" chip over a frozen
 * card, greyed once cancelled. Decoration: the tile around it says the same in words.
 */
export function CardArt({ card, corporate }: { card: Card; corporate: boolean }) {
  const { t } = useI18n()
  const frozen = card.status === 'frozen'
  return (
    <div
      className="cash-card-art"
      data-kind={`${corporate ? 'corporate' : 'personal'}-${card.kind}`}
      data-frozen={frozen}
      data-muted={card.status === 'cancelled'}
      aria-hidden="true"
      data-testid={`cards.art-${card.last4}`}
    >
      <div className="cash-card-art-top">
        <span className="cash-card-art-brand">
          Cash{corporate ? <span className="cash-card-art-kind"> · {t('cards.art.business')}</span> : null}
        </span>
        <span className="cash-card-art-kind">{t(`cards.kind.${card.kind}`)}</span>
      </div>
      <div className="cash-card-art-bottom">
        <span style={{ minWidth: 0 }}>
          <span className="cash-card-art-number">•••• {card.last4}</span>
          <br />
          <span className="cash-card-art-name">{card.nameOnCard}</span>
        </span>
        <VisaMark />
      </div>
      {frozen ? (
        <span className="cash-card-art-chip">
          <Icon icon={Snowflake} size={16} />
          {t('cards.status.frozen')}
        </span>
      ) : null}
    </div>
  )
}
