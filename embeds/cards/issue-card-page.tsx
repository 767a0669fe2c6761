import { errorText } from '../../domain/error-words'
import { useState, type FormEvent } from 'react'
import { z } from 'zod'
import { CardOrderingView } from '../../domain/api/card-issuing.schema'
import { CardView, IssueCardBody } from '../../domain/api/money-out.schema'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useI18n } from '../lib/i18n'
import { localisedFieldErrors } from '../lib/localise-error'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { FormFooter } from '../ui/form-footer'
import { CalloutCard } from '../ui/state-views'
import { AmountField, useAmountInput, type AmountInput } from '../ui/amount-field'
import { ResourceView } from '../ui/resource-view'

const People = z.object({
  items: z.array(z.object({ userId: z.uuid(), name: z.string(), email: z.string(), role: z.string() })),
})

/** A company's owner or admin issues a virtual card to one of its people, with limits. */
export function IssueCardPage({ accountId }: { accountId: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const navigation = useEmbedNavigation()
  const people = useResource(`people:${accountId}`, async (signal) => {
    const [list, ordering] = await Promise.all([
      api.get(`/accounts/${accountId}/people`, People, signal),
      api.get(`/accounts/${accountId}/card-ordering`, CardOrderingView, signal),
    ])
    return { ...list, verification: ordering.verification }
  })
  const [person, setPerson] = useState('')
  const limits = {
    perPurchase: useAmountInput('USD', { optional: true }),
    daily: useAmountInput('USD', { optional: true }),
    monthly: useAmountInput('USD', { optional: true }),
  }
  const [invalid, setInvalid] = useState<Record<string, string>>({})
  const action = useAction()
  return (
    <ResourceView resource={people}>
      {(loaded) => {
        const gate = loaded.verification
        if (!gate.approved)
          return (
            <CalloutCard
              title={t('cards.order.verifyKyb')}
              body={gate.says ? errorText(gate.says, locale) : ''}
              action={
                <a className="cash-button" href={gate.link}>
                  {t('cards.order.verifyLink')}
                </a>
              }
            />
          )
        const chosen = person || loaded.items[0]?.userId || ''
        // The API names a limit's field `limits.perPurchase`; so does the schema the page checks with first.
        const bind = (name: keyof typeof limits): { name: string; amount: AmountInput; error: string | undefined } => ({
          name,
          amount: limits[name],
          error: invalid[`limits.${name}`] ?? action.fieldErrors[`limits.${name}`],
        })
        const submit = (e: FormEvent) => {
          e.preventDefault()
          const typed = Object.entries(limits).map(([name, amount]) => [name, amount.read()] as const)
          if (typed.some(([, v]) => v === undefined)) return setInvalid({})
          const parsed = IssueCardBody.safeParse({
            cardholderUserId: chosen,
            limits: Object.fromEntries(typed.filter(([, v]) => v)),
          })
          setInvalid(parsed.success ? {} : localisedFieldErrors(parsed.error, locale))
          if (!parsed.success) return
          void action.run(async () => {
            await api.post(`/accounts/${accountId}/cards`, CardView, parsed.data)
            navigation.go('/app/cash/card/@corporate')
          })
        }
        return (
          <form className="cash-card cash-stack" onSubmit={submit} noValidate aria-busy={action.busy}>
            <div className="cash-field">
              <label htmlFor="issue-person">{t('cards.issue.person')}</label>
              <select id="issue-person" value={chosen} onChange={(e) => setPerson(e.target.value)}>
                {loaded.items.map((p) => (
                  <option key={p.userId} value={p.userId}>{`${p.name} (${p.email})`}</option>
                ))}
              </select>
            </div>
            <AmountField
              label={t('cards.limit.perPurchase')}
              hint={t('cards.issue.optional')}
              {...bind('perPurchase')}
            />
            <AmountField label={t('cards.limit.daily')} hint={t('cards.issue.optional')} {...bind('daily')} />
            <AmountField label={t('cards.limit.monthly')} hint={t('cards.issue.optional')} {...bind('monthly')} />
            <FormFooter
              error={action.error}
              busy={action.busy}
              label={t('cards.issue.submit')}
              busyLabel={t('cards.issue.submitting')}
            />
          </form>
        )
      }}
    </ResourceView>
  )
}
