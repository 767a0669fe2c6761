import { useState } from 'react'
import type { z } from 'zod'
import { CampaignBody, CampaignView } from '../../domain/api/cashback.schema'
import { CAMPAIGN_KINDS, CASHBACK_CATEGORIES, type CampaignKind } from '../../domain/cashback'
import { ACCOUNT_TIERS, TIER_NAMES } from '../../domain/card-issuing'
import type { FieldErrors } from '../../domain/errors'
import { toTypedAmount, type TypedAmountLocale } from '../../domain/typed-amount'
import { useI18n } from '../lib/i18n'
import { bpsHint } from './bps-hint'
import { localisedFieldErrors } from '../lib/localise-error'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { SelectField } from '../ui/select-field'
import { AmountField, amountProblemMessage, readAmountIn } from '../ui/amount-field'
import { TextField } from '../ui/text-field'

type Campaign = z.infer<typeof CampaignView>
type Form = {
  kind: CampaignKind
  name: string
  startsAt: string
  endsAt: string
  payoutAt: string
  category: string
  bps: string
  multiplier: string
  spendGoal: string
  tierRewards: Record<(typeof ACCOUNT_TIERS)[number], string>
  kycApproved: boolean
  activeCard: boolean
  personalOnly: boolean
  optInRequired: boolean
  totalCap: string
  perHolderCap: string
}

const EMPTY: Form = {
  kind: 'splashback',
  name: '',
  startsAt: '',
  endsAt: '',
  payoutAt: '',
  category: '',
  bps: '',
  multiplier: '3',
  spendGoal: '',
  tierRewards: { core: '0', luxe: '', pinnacle: '', vip: '' },
  kycApproved: true,
  activeCard: true,
  personalOnly: false,
  optInRequired: false,
  totalCap: '',
  perHolderCap: '',
}

/** `datetime-local` (read as UTC) ↔ ISO. */
const toIso = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}.000Z` : '')
const toLocal = (iso: string | null) => (iso ? iso.slice(0, 16) : '')

function formOf(c: Campaign, locale: TypedAmountLocale): Form {
  const typed = (v: string) => toTypedAmount(v, locale)
  return {
    kind: c.kind,
    name: c.name,
    startsAt: toLocal(c.startsAt),
    endsAt: toLocal(c.endsAt),
    payoutAt: c.payoutAtSet ? toLocal(c.payoutAt) : '',
    category: c.category ?? '',
    bps: String(c.bps),
    multiplier: String(c.multiplier),
    spendGoal: c.spendGoal ? typed(c.spendGoal) : '',
    tierRewards: c.tierRewards
      ? {
          core: typed(c.tierRewards.core),
          luxe: typed(c.tierRewards.luxe),
          pinnacle: typed(c.tierRewards.pinnacle),
          vip: typed(c.tierRewards.vip),
        }
      : EMPTY.tierRewards,
    kycApproved: c.eligibility.kycApproved,
    activeCard: c.eligibility.activeCard,
    personalOnly: c.eligibility.personalOnly,
    optInRequired: c.optInRequired,
    totalCap: typed(c.totalCap),
    perHolderCap: typed(c.perHolderCap),
  }
}

/** The body to send; `amount` reads a typed amount field (by its path) into a canonical decimal. */
function bodyOf(f: Form, amount: (path: string, text: string, empty: string | null) => string | null) {
  return {
    kind: f.kind,
    name: f.name,
    startsAt: toIso(f.startsAt),
    endsAt: toIso(f.endsAt),
    payoutAt: f.payoutAt ? toIso(f.payoutAt) : null,
    category: f.kind === 'splashback' && f.category ? f.category : null,
    bps: f.kind === 'splashback' ? (f.bps.trim() === '' ? Number.NaN : Number(f.bps)) : 0,
    multiplier: f.kind === 'triple_dip' ? Number(f.multiplier) : 3,
    spendGoal: f.kind === 'summer_mint' ? amount('spendGoal', f.spendGoal, null) : null,
    tierRewards:
      f.kind === 'membership_rewards'
        ? Object.fromEntries(ACCOUNT_TIERS.map((t) => [t, amount(`tierRewards.${t}`, f.tierRewards[t], '0')]))
        : null,
    eligibility: { kycApproved: f.kycApproved, activeCard: f.activeCard, personalOnly: f.personalOnly },
    optInRequired: f.optInRequired,
    totalCap: amount('totalCap', f.totalCap, ''),
    perHolderCap: amount('perHolderCap', f.perHolderCap, ''),
  }
}

/**
 * Create (or, for a campaign not started yet, edit) a campaign; checked with the server's own schema, errors at each
 * field.
 */
export function CampaignForm({
  editing,
  onDone,
  onCancel,
}: {
  editing: Campaign | null
  onDone: () => void
  onCancel: () => void
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [f, setF] = useState<Form>(editing ? formOf(editing, locale) : EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saved, setSaved] = useState<string | null>(null)
  const save = useAction()
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((x) => ({ ...x, [k]: v }))
  const err = (k: string) => errors[k] ?? save.fieldErrors[k]
  const text = (name: keyof Form & string, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <TextField
      name={name}
      label={label}
      value={f[name] as string}
      error={err(name)}
      onChange={(e) => set(name, e.target.value as never)}
      {...(hint ? { hint } : {})}
      {...props}
    />
  )
  const amountField = (name: 'spendGoal' | 'totalCap' | 'perHolderCap', label: string) => (
    <AmountField
      name={name}
      label={label}
      value={f[name]}
      error={err(name)}
      onChange={(e) => set(name, e.target.value)}
    />
  )
  const submit = () => {
    setSaved(null)
    const amountErrors: FieldErrors = {}
    const body = bodyOf(f, (path, text, empty) => {
      if (text.trim() === '') return empty
      const read = readAmountIn(text, locale, 'USDC', true)
      if (read.ok) return read.value
      amountErrors[path] = amountProblemMessage(read.problem, 'USDC', t)
      return text
    })
    const parsed = CampaignBody.safeParse(body)
    const local: FieldErrors = {
      ...(parsed.success ? {} : localisedFieldErrors(parsed.error, locale)),
      ...amountErrors,
    }
    for (const k of ['startsAt', 'endsAt'] as const) if (!f[k]) local[k] = t('admin.campaigns.field.dateNeeded')
    setErrors(local)
    if (Object.keys(local).length > 0) return
    void save.run(async () => {
      const res = editing
        ? await api.put(`/admin/campaigns/${editing.id}`, CampaignView, body)
        : await api.post('/admin/campaigns', CampaignView, body)
      setSaved(t(editing ? 'admin.campaigns.updated' : 'admin.campaigns.created', { name: res.name }))
      setF(EMPTY)
      onDone()
    })
  }
  const heading = editing ? t('admin.campaigns.editTitle', { name: editing.name }) : t('admin.campaigns.create')
  return (
    <form
      className="cash-card cash-stack"
      aria-labelledby="campaign-form-title"
      noValidate
      onSubmit={(e) => (e.preventDefault(), submit())}
      data-testid="admin.campaign-form"
    >
      <h2 id="campaign-form-title">{heading}</h2>
      <div className="cash-field">
        <label htmlFor="campaign-kind">{t('admin.campaigns.field.kind')}</label>
        <select id="campaign-kind" value={f.kind} onChange={(e) => set('kind', e.target.value as CampaignKind)}>
          {CAMPAIGN_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`admin.campaigns.kind.${k}`)}
            </option>
          ))}
        </select>
      </div>
      {text('name', t('admin.campaigns.field.name'))}
      {text('startsAt', t('admin.campaigns.field.startsAt'), { type: 'datetime-local' })}
      {text('endsAt', t('admin.campaigns.field.endsAt'), { type: 'datetime-local' })}
      {f.kind === 'splashback' ? (
        <>
          <SelectField
            id="campaign-category"
            label={t('admin.campaigns.field.category')}
            value={f.category}
            error={err('category')}
            onChange={(v) => set('category', v)}
          >
            <option value="">{t('admin.campaigns.field.choose')}</option>
            {CASHBACK_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`promotion.category.${c}`)}
              </option>
            ))}
          </SelectField>
          {text('bps', t('admin.campaigns.field.bps'), { inputMode: 'numeric' }, bpsHint(t, locale))}
        </>
      ) : null}
      {f.kind === 'triple_dip'
        ? text('multiplier', t('admin.campaigns.field.multiplier'), { inputMode: 'numeric' })
        : null}
      {f.kind === 'summer_mint' ? amountField('spendGoal', t('admin.campaigns.field.spendGoal')) : null}
      {f.kind === 'membership_rewards' ? (
        <fieldset className="cash-stack">
          <legend>{t('admin.campaigns.field.tierRewards')}</legend>
          {err('tierRewards') ? (
            <p className="cash-field-error" role="alert">
              {err('tierRewards')}
            </p>
          ) : null}
          {ACCOUNT_TIERS.map((tier) => (
            <AmountField
              key={tier}
              name={`tierRewards.${tier}`}
              label={t('admin.campaigns.field.tierReward', { tier: TIER_NAMES[tier] })}
              value={f.tierRewards[tier]}
              error={err(`tierRewards.${tier}`)}
              onChange={(e) => set('tierRewards', { ...f.tierRewards, [tier]: e.target.value })}
            />
          ))}
        </fieldset>
      ) : null}
      <fieldset className="cash-stack">
        <legend>{t('admin.campaigns.field.eligibility')}</legend>
        <Check label={t('promotion.eligibility.kyc')} checked={f.kycApproved} onChange={(v) => set('kycApproved', v)} />
        <Check label={t('promotion.eligibility.card')} checked={f.activeCard} onChange={(v) => set('activeCard', v)} />
        <Check
          label={t('promotion.eligibility.personal')}
          checked={f.personalOnly}
          onChange={(v) => set('personalOnly', v)}
        />
        <Check
          label={t('admin.campaigns.field.optIn')}
          checked={f.optInRequired}
          onChange={(v) => set('optInRequired', v)}
        />
      </fieldset>
      {amountField('totalCap', t('admin.campaigns.field.totalCap'))}
      {amountField('perHolderCap', t('admin.campaigns.field.perHolderCap'))}
      {text(
        'payoutAt',
        t('admin.campaigns.field.payoutAt'),
        { type: 'datetime-local' },
        t('admin.campaigns.field.payoutHint'),
      )}
      {save.error ? (
        <p className="cash-alert" role="alert">
          {save.error}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="cash-notice" style={{ margin: 0 }}>
          {saved}
        </p>
      ) : null}
      <div className="cash-actions">
        <button type="submit" className="cash-button" disabled={save.busy}>
          {editing ? t('admin.campaigns.save') : t('admin.campaigns.submit')}
        </button>
        {editing ? (
          <button type="button" className="cash-button" data-variant="secondary" onClick={onCancel}>
            {t('admin.campaigns.cancelEdit')}
          </button>
        ) : null}
      </div>
    </form>
  )
}

/** A choice as the design system draws one: the 20-px box inside its label, centred on its words. */
function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  )
}
