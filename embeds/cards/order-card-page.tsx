import { errorText } from '../../domain/error-words'
import { useRef, useState, type ChangeEvent } from 'react'
import { CardOrderingView, ShippingAddressSchema, type ShippingAddress } from '../../domain/api/card-issuing.schema'
import { CardView } from '../../domain/api/money-out.schema'
import { PHYSICAL_CARD_FEE } from '../../domain/card-issuing'
import { formatMoney, parseAmount } from '../../domain/money'
import { safeNext } from '../lib/safe-next'
import { useEmbedNavigation } from '../lib/embed-navigation'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { readyData, useResource } from '../lib/use-resource'
import { useClientConfig } from '../lib/use-client-config'
import { useZodForm } from '../lib/use-zod-form'
import { ConfirmSheet } from '../ui/confirm-sheet'
import { FormFooter } from '../ui/form-footer'
import { CalloutCard } from '../ui/state-views'
import { CountryField } from '../ui/country-field'
import { TextField } from '../ui/text-field'
import { ResourceView } from '../ui/resource-view'

type Ordering = ReturnType<typeof CardOrderingView.parse>

/** The shipping address, checked with the server's own schema; the fee shows before the review. */
function AddressForm({ fee, onReview }: { fee: string; onReview: (address: ShippingAddress) => void }) {
  const { t } = useI18n()
  const form = useZodForm(
    ShippingAddressSchema,
    { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
    async (address) => onReview(address),
  )
  return (
    <form
      className="cash-stack"
      onSubmit={(e) => void form.onSubmit(e)}
      noValidate
      aria-label={t('cards.order.physical')}
    >
      <TextField label={t('cards.order.line1')} autoComplete="address-line1" {...form.bind('line1')} />
      <TextField label={t('cards.order.line2')} autoComplete="address-line2" {...form.bind('line2')} />
      <TextField label={t('cards.order.city')} autoComplete="address-level2" {...form.bind('city')} />
      <TextField label={t('cards.order.region')} autoComplete="address-level1" {...form.bind('region')} />
      <TextField label={t('cards.order.postalCode')} autoComplete="postal-code" {...form.bind('postalCode')} />
      <CountryField
        id="order-card-country"
        name="country"
        label={t('cards.order.country')}
        value={form.bind('country').value ?? ''}
        error={form.bind('country').error}
        onChange={(code) => form.bind('country').onChange({ target: { value: code } } as ChangeEvent<HTMLInputElement>)}
      />
      <div className="cash-row" data-testid="order-card.fee">
        <span>{t('cards.order.fee')}</span>
        <strong>{fee}</strong>
      </div>
      <FormFooter
        error={form.formError}
        busy={form.busy}
        label={t('cards.order.review')}
        busyLabel={t('cards.order.placing')}
      />
    </form>
  )
}

/** Review and place a physical order: a free card with one tap; a paid one through the confirm sheet. */
function ReviewPhysical({
  accountId,
  ordering,
  address,
  onBack,
  onDone,
}: {
  accountId: string
  ordering: Ordering
  address: ShippingAddress
  onBack: () => void
  onDone: () => void
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const key = useRef(crypto.randomUUID())
  const action = useAction()
  const feeUnits = parseAmount(ordering.physical.fee, 'USDC')
  const fee = feeUnits === 0n ? t('cards.order.free') : formatMoney(feeUnits, 'USDC', locale)
  const lines = [
    { label: t('cards.order.kind'), value: t('cards.kind.physical') },
    {
      label: t('cards.order.shipTo'),
      value:
        `${address.line1}${address.line2 ? `, ${address.line2}` : ''}, ${address.city} ${address.region} ` +
        `${address.postalCode}, ${address.country}`,
    },
    { label: t('cards.order.eta'), value: t('cards.order.etaDays', { days: String(ordering.physical.etaDays) }) },
    { label: t('cards.order.fee'), value: fee },
  ]
  const place = async (confirmation?: unknown) => {
    await api.post(
      `/accounts/${accountId}/physical-cards`,
      CardView,
      { shipping: address, ...(confirmation ? { confirmation } : {}) },
      { idempotencyKey: key.current },
    )
    onDone()
  }
  if (feeUnits > 0n)
    return (
      <ConfirmSheet
        title={t('cards.order.physical')}
        lines={lines}
        total={ordering.physical.fee}
        asset="USDC"
        detail={t('cards.order.physical')}
        submitLabel={t('cards.order.payAndPlace', { fee })}
        onBack={onBack}
        onSend={place}
      />
    )
  return (
    <form
      className="cash-stack"
      onSubmit={(e) => (e.preventDefault(), void action.run(() => place()))}
      noValidate
      aria-label={t('confirm.review')}
    >
      <h2>{t('confirm.review')}</h2>
      <dl className="cash-stack" style={{ margin: 0 }} data-testid="confirm.summary">
        {lines.map((l) => (
          <div key={l.label} className="cash-row">
            <dt>{l.label}</dt>
            <dd>{l.value}</dd>
          </div>
        ))}
      </dl>
      <FormFooter
        error={action.error ?? Object.values(action.fieldErrors)[0] ?? null}
        busy={action.busy}
        label={t('cards.order.place')}
        busyLabel={t('cards.order.placing')}
      />
      <button type="button" className="cash-button" data-variant="secondary" onClick={onBack} disabled={action.busy}>
        {t('confirm.back')}
      </button>
    </form>
  )
}

/** Order a card: the KYC/KYB gate first, then virtual (instant) or physical (address, fee, review). */
export function OrderCardPage({ accountId, cardsPath }: { accountId: string; cardsPath: string }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const navigation = useEmbedNavigation()
  const ordering = useResource(`card-ordering:${accountId}`, (signal) =>
    api.get(`/accounts/${accountId}/card-ordering`, CardOrderingView, signal),
  )
  const [kind, setKind] = useState<'virtual' | 'physical'>('virtual')
  const [address, setAddress] = useState<ShippingAddress | null>(null)
  const virtual = useAction()
  // A physical card needs the carrier that makes and ships it: without one (a production server of this build) the
  // option says so and cannot be chosen, rather than take a fee for a card no one makes.
  const shipping = readyData(useClientConfig())?.providers.includes('carrier') ?? false
  return (
    <ResourceView resource={ordering}>
      {(o) => {
        if (!o.verification.approved) {
          return (
            <CalloutCard
              title={t(o.verification.check === 'kyb' ? 'cards.order.verifyKyb' : 'cards.order.verifyKyc')}
              body={o.verification.says ? errorText(o.verification.says, locale) : ''}
              action={
                <a className="cash-button" href={o.verification.link}>
                  {t('cards.order.verifyLink')}
                </a>
              }
            />
          )
        }
        // Onboarding sends people here with `next` to come back to their steps.
        const done = () => navigation.go(safeNext(new URLSearchParams(window.location.search).get('next'), cardsPath))
        if (kind === 'physical' && address)
          return (
            <ReviewPhysical
              accountId={accountId}
              ordering={o}
              address={address}
              onBack={() => setAddress(null)}
              onDone={done}
            />
          )
        const full = o[kind].count >= o[kind].max
        const feeUnits = parseAmount(o.physical.fee, 'USDC')
        return (
          <div className="cash-card cash-stack">
            <fieldset className="cash-stack" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>{t('cards.order.choose')}</legend>
              <label>
                <input type="radio" name="kind" checked={kind === 'virtual'} onChange={() => setKind('virtual')} />{' '}
                {t('cards.order.virtualOption')}
              </label>
              <label>
                <input
                  type="radio"
                  name="kind"
                  checked={kind === 'physical'}
                  disabled={!shipping}
                  onChange={() => setKind('physical')}
                />
                {` ${t('cards.order.physicalOption')}`}
                {shipping ? null : <span className="cash-muted">{` · ${t('rails.notYet')}`}</span>}
              </label>
            </fieldset>
            <p className="cash-muted" style={{ margin: 0 }}>
              {t('cards.order.count', {
                count: String(o[kind].count),
                max: String(o[kind].max),
                kind: t(`cards.kind.${kind}`),
              })}
            </p>
            {full ? (
              <p className="cash-notice" role="status" style={{ margin: 0 }}>
                {t('cards.order.full', {
                  max: String(o[kind].max),
                  kind: t(`cards.kind.${kind}`).toLocaleLowerCase(locale),
                })}
              </p>
            ) : kind === 'virtual' ? (
              <form
                className="cash-stack"
                noValidate
                onSubmit={(e) => (
                  e.preventDefault(),
                  void virtual.run(async () => (await api.post(`/accounts/${accountId}/cards`, CardView, {}), done()))
                )}
              >
                <h2>{t('cards.order.virtual')}</h2>
                <p style={{ margin: 0 }}>{t('cards.order.virtualBody')}</p>
                <FormFooter
                  error={virtual.error}
                  busy={virtual.busy}
                  label={t('cards.order.submit')}
                  busyLabel={t('cards.issue.submitting')}
                />
              </form>
            ) : (
              <>
                <h2>{t('cards.order.physical')}</h2>
                <p style={{ margin: 0 }}>
                  {t('cards.order.physicalBody', {
                    days: String(o.physical.etaDays),
                    fee: formatMoney(PHYSICAL_CARD_FEE, 'USDC', locale),
                  })}
                </p>
                <AddressForm
                  fee={feeUnits === 0n ? t('cards.order.free') : formatMoney(feeUnits, 'USDC', locale)}
                  onReview={setAddress}
                />
              </>
            )}
          </div>
        )
      }}
    </ResourceView>
  )
}
