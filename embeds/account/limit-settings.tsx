import { useState } from 'react'
import { LimitsResponse } from '../../domain/api/account.schema'
import { LimitsBody } from '../../domain/api/money-out.schema'
import { limitChangeIsImmediate } from '../../domain/account-rules'
import { formatDate } from '../../domain/format-date'
import { formatMoney, parseAmount } from '../../domain/money'
import { toTypedAmount } from '../../domain/typed-amount'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { ConfirmSheet, type Confirmation } from '../ui/confirm-sheet'
import { FormFooter } from '../ui/form-footer'
import { AmountField, amountProblemMessage, readAmountIn } from '../ui/amount-field'
import { ResourceView } from '../ui/resource-view'

const units = (v: string) => parseAmount(v, 'USDC')
type Limits = { daily: string; monthly: string }

/**
 * The account's daily and monthly spending limits. Raising applies at once after the holder confirms;
 * lowering waits out the limit delay, and the page says when it applies.
 */
export function LimitSettings({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const data = useResource(`limits:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/limits`, LimitsResponse, signal),
  )
  const [form, setForm] = useState<Limits | null>(null)
  /** The canonical limits waiting for the holder's confirmation. */
  const [confirming, setConfirming] = useState<Limits | null>(null)
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({})
  const action = useAction()
  return (
    <ResourceView resource={data}>
      {(limits) => {
        const values = form ?? {
          daily: toTypedAmount(limits.daily, locale),
          monthly: toTypedAmount(limits.monthly, locale),
        }
        const usd = (v: string) => formatMoney(units(v), 'USDC', locale)
        const save = (next: Limits, confirmation?: Confirmation) =>
          api
            .put(`/accounts/${accountId}/limits`, LimitsResponse, {
              ...next,
              ...(confirmation ? { confirmation } : {}),
            })
            .then(() => {
              setForm(null)
              setConfirming(null)
              data.reload()
            })
        const submit = (e: React.FormEvent) => {
          e.preventDefault()
          const errors: Record<string, string> = {}
          const typed: Partial<Limits> = {}
          for (const name of ['daily', 'monthly'] as const) {
            const amount = readAmountIn(values[name], locale, 'USD', true)
            if (amount.ok) typed[name] = amount.value
            else errors[name] = amountProblemMessage(amount.problem, 'USD', t)
          }
          const parsed = LimitsBody.safeParse(typed)
          if (!parsed.success)
            for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= t('settings.limits.invalid')
          if (parsed.success && units(parsed.data.daily) > units(parsed.data.monthly))
            errors.daily = t('settings.limits.dailyOverMonthly')
          setClientErrors(errors)
          if (!parsed.success || Object.keys(errors).length) return
          const next = { daily: parsed.data.daily, monthly: parsed.data.monthly }
          const raising = limitChangeIsImmediate(
            { daily: units(limits.daily), monthly: units(limits.monthly) },
            { daily: units(next.daily), monthly: units(next.monthly) },
          )
          if (raising) setConfirming(next)
          else void action.run(() => save(next))
        }
        if (confirming) {
          return (
            <ConfirmSheet
              title={t('settings.limits.confirmTitle')}
              lines={[
                { label: t('settings.limits.daily'), value: `${usd(limits.daily)} → ${usd(confirming.daily)}` },
                { label: t('settings.limits.monthly'), value: `${usd(limits.monthly)} → ${usd(confirming.monthly)}` },
              ]}
              total="0"
              asset="USD"
              detail={t('settings.limits.raiseNow')}
              submitLabel={t('confirm.confirm')}
              onBack={() => setConfirming(null)}
              onSend={(confirmation) => save(confirming, confirmation)}
            />
          )
        }
        const field = (name: 'daily' | 'monthly') => clientErrors[name] ?? action.fieldErrors[name]
        return (
          <form
            id="limits"
            className="cash-card cash-stack"
            onSubmit={submit}
            noValidate
            aria-labelledby="settings-limits"
            aria-busy={action.busy}
            data-testid="settings.limits"
          >
            <h2 id="settings-limits">{t('settings.limits.title')}</h2>
            <p className="cash-muted" style={{ margin: 0 }}>
              {t('settings.limits.help', { zone: limits.timeZone })}
            </p>
            {limits.pending ? (
              <p className="cash-notice" role="status" style={{ margin: 0 }} data-testid="settings.limits.pending">
                {t('settings.limits.pending', {
                  daily: usd(limits.pending.daily),
                  monthly: usd(limits.pending.monthly),
                  time: formatDate(limits.pending.effectiveAt, locale, 'dateTime', limits.timeZone),
                })}
              </p>
            ) : null}
            <AmountField
              label={t('settings.limits.daily')}
              name="daily"
              value={values.daily}
              disabled={!canManage}
              error={field('daily')}
              onChange={(e) => setForm({ ...values, daily: e.target.value })}
            />
            <AmountField
              label={t('settings.limits.monthly')}
              name="monthly"
              value={values.monthly}
              disabled={!canManage}
              error={field('monthly')}
              onChange={(e) => setForm({ ...values, monthly: e.target.value })}
            />
            {canManage ? (
              <FormFooter
                error={action.error}
                busy={action.busy}
                label={t('settings.limits.save')}
                busyLabel={t('settings.limits.saving')}
              />
            ) : (
              <p className="cash-muted" style={{ margin: 0 }}>
                {t('settings.onlyManagers')}
              </p>
            )}
          </form>
        )
      }}
    </ResourceView>
  )
}
