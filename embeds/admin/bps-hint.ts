import { MAX_CASHBACK_BPS } from '../../domain/cashback'
import { formatBps } from '../../domain/money'
import type { Locale } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'

/** The hint under a basis-points field: what 100 bps is and the most a rule may add, figures from the domain. */
export function bpsHint(t: (key: MessageKey, vars?: Record<string, string>) => string, locale: Locale): string {
  return t('admin.campaigns.field.bpsHint', {
    onePercent: formatBps(100, locale),
    max: new Intl.NumberFormat(locale).format(MAX_CASHBACK_BPS),
    maxPercent: formatBps(MAX_CASHBACK_BPS, locale),
  })
}
