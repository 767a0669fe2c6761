import { formatBps } from '../../domain/money'
import { BANK_SEND } from '../../domain/money-out'
import { useI18n } from '../lib/i18n'

/** The ways money leaves: by crypto, PIX or bank, and the latest crypto withdrawal's status. */
export function WithdrawHubView() {
  const { t, locale } = useI18n()
  const ways = [
    { href: '/app/cash/withdraw/crypto', title: t('withdraw.way.crypto'), body: t('withdraw.way.crypto.body') },
    { href: '/app/cash/pix/send', title: t('withdraw.way.pix'), body: t('withdraw.way.pix.body') },
    {
      href: '/app/cash/bank/send',
      title: t('withdraw.way.bank'),
      body: t('withdraw.way.bank.body', { fee: formatBps(BANK_SEND.feeBps, locale) }),
    },
    { href: '/app/cash/withdraw/crypto/status', title: t('withdraw.way.status'), body: t('withdraw.way.status.body') },
  ]
  return (
    <ul className="cash-link-list">
      {ways.map((w) => (
        <li key={w.href}>
          <a href={w.href}>
            <strong>{w.title}</strong>
            <span className="cash-muted">{w.body}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
