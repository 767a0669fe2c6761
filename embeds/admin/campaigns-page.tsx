import { useId, useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { fieldErrors } from '../../domain/api/common.schema'
import { CampaignBody, CampaignsAdminResponse, CampaignView } from '../../domain/api/cashback.schema'
import { CAMPAIGN_KINDS, CASHBACK_CATEGORIES, type CampaignKind } from '../../domain/cashback'
import { ACCOUNT_TIERS, TIER_NAMES } from '../../domain/card-issuing'
import { formatMoney, parsePositiveAmount } from '../../domain/money'
import type { FieldErrors } from '../../domain/errors'
import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { useResource } from '../lib/use-resource'
import { Page } from '../ui/page'
import { ErrorState, LoadingState } from '../ui/state-views'
import { TextField } from '../ui/text-field'
import { AdminNav } from './admin-nav'
import { AuditTrail } from './audit-trail'

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
  kind: 'splashback', name: '', startsAt: '', endsAt: '', payoutAt: '', category: '', bps: '', multiplier: '3', spendGoal: '',
  tierRewards: { core: '0', luxe: '', pinnacle: '', vip: '' }, kycApproved: true, activeCard: true, personalOnly: false, optInRequired: false, totalCap: '', perHolderCap: '',
}

/** `datetime-local` (read as UTC) ↔ ISO. */
const toIso = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}.000Z` : '')
const toLocal = (iso: string | null) => (iso ? iso.slice(0, 16) : '')

function formOf(c: Campaign): Form {
  return {
    kind: c.kind, name: c.name, startsAt: toLocal(c.startsAt), endsAt: toLocal(c.endsAt), payoutAt: c.payoutAtSet ? toLocal(c.payoutAt) : '', category: c.category ?? '', bps: String(c.bps), multiplier: String(c.multiplier),
    spendGoal: c.spendGoal ?? '', tierRewards: c.tierRewards ?? EMPTY.tierRewards, kycApproved: c.eligibility.kycApproved, activeCard: c.eligibility.activeCard, personalOnly: c.eligibility.personalOnly,
    optInRequired: c.optInRequired, totalCap: c.totalCap, perHolderCap: c.perHolderCap,
  }
}

function bodyOf(f: Form) {
  return {
    kind: f.kind, name: f.name, startsAt: toIso(f.startsAt), endsAt: toIso(f.endsAt), payoutAt: f.payoutAt ? toIso(f.payoutAt) : null,
    category: f.kind === 'splashback' && f.category ? f.category : null, bps: f.kind === 'splashback' ? (f.bps.trim() === '' ? Number.NaN : Number(f.bps)) : 0, multiplier: f.kind === 'triple_dip' ? Number(f.multiplier) : 3,
    spendGoal: f.kind === 'summer_mint' ? f.spendGoal.trim().replace(',', '.') || null : null,
    tierRewards: f.kind === 'membership_rewards' ? Object.fromEntries(ACCOUNT_TIERS.map((t) => [t, f.tierRewards[t].trim().replace(',', '.') || '0'])) : null,
    eligibility: { kycApproved: f.kycApproved, activeCard: f.activeCard, personalOnly: f.personalOnly }, optInRequired: f.optInRequired,
    totalCap: f.totalCap.trim().replace(',', '.'), perHolderCap: f.perHolderCap.trim().replace(',', '.'),
  }
}

const STATE_KEY = { upcoming: 'admin.campaigns.state.scheduled', active: 'admin.campaigns.state.running', ended: 'admin.campaigns.state.ended' } as const

/** `admin/campaigns`: every campaign with its state and payouts against its caps; create, edit before the start, end. */
export function CampaignsPage({ title }: EmbedProps) {
  const { t } = useI18n()
  const { api } = useSession()
  const [version, setVersion] = useState(0)
  const [editing, setEditing] = useState<Campaign | null>(null)
  const list = useResource(`admin-campaigns:${version}`, (signal) => api.get('/admin/campaigns', CampaignsAdminResponse, signal))
  const changed = () => setVersion((v) => v + 1)
  return (
    <Page title={title}>
      <AdminNav current="/admin/campaigns" />
      <section className="cash-stack" aria-labelledby="campaigns-list">
        <h2 id="campaigns-list">{t('admin.campaigns.list')}</h2>
        {list.status === 'loading' ? <LoadingState /> : null}
        {list.status === 'error' ? <ErrorState message={list.error.message} onRetry={list.reload} /> : null}
        {list.status === 'ready' && list.data.items.length === 0 ? <p className="cash-muted">{t('admin.campaigns.empty')}</p> : null}
        {list.status === 'ready' ? (
          <ul className="cash-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.items.map((c) => <CampaignItem key={c.id} c={c} onChanged={changed} onEdit={() => setEditing(c)} />)}
          </ul>
        ) : null}
      </section>
      <CampaignForm key={editing?.id ?? 'new'} editing={editing} onDone={() => (setEditing(null), changed())} onCancel={() => setEditing(null)} />
      <AuditTrail subjectType="campaign" version={version} />
    </Page>
  )
}

function CampaignItem({ c, onChanged, onEdit }: { c: Campaign; onChanged: () => void; onEdit: () => void }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const id = useId()
  const [confirming, setConfirming] = useState(false)
  const end = useAction()
  const money = (v: string) => formatMoney(parsePositiveAmountOrZero(v), 'USDC', locale)
  const when = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))
  return (
    <li className="cash-card cash-stack" aria-labelledby={`${id}-name`} data-testid="admin.campaign" data-kind={c.kind} data-status={c.status}>
      <div className="cash-row">
        <h3 id={`${id}-name`} style={{ margin: 0 }}>{c.name}</h3>
        <span className="cash-badge" data-testid="admin.campaign.state">{t(STATE_KEY[c.status])}</span>
      </div>
      <p style={{ margin: 0 }}>{t(`admin.campaigns.kind.${c.kind}`)} · {ruleText(c, t, money)}</p>
      <p className="cash-muted" style={{ margin: 0 }}>{t('admin.campaigns.window', { from: when(c.startsAt), to: when(c.endsAt) })}</p>
      {c.kind === 'splashback' || c.kind === 'triple_dip' ? (
        <>
          <p style={{ margin: 0 }} data-testid="admin.campaign.paid">{t('admin.campaigns.paid', { earned: money(c.totalEarned), paid: money(c.totalPaid), total: money(c.totalCap), holder: money(c.perHolderCap) })}</p>
          <p className="cash-muted" style={{ margin: 0 }}>{t('admin.campaigns.payoutOn', { date: when(c.payoutAt) })}</p>
        </>
      ) : null}
      {c.status !== 'ended' ? (
        <div className="cash-actions">
          {c.status === 'upcoming' ? <button type="button" className="cash-button" data-variant="secondary" onClick={onEdit}>{t('admin.campaigns.edit', { name: c.name })}</button> : null}
          {!confirming ? <button type="button" className="cash-button" data-variant="secondary" onClick={() => setConfirming(true)}>{t('admin.campaigns.end', { name: c.name })}</button> : null}
        </div>
      ) : null}
      {confirming ? (
        <div className="cash-notice cash-stack" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`} style={{ margin: 0 }}>{t('admin.campaigns.endConfirm', { name: c.name })}</p>
          <div className="cash-actions">
            <button type="button" className="cash-button" disabled={end.busy} onClick={() => void end.run(async () => (await api.post(`/admin/campaigns/${c.id}/end`, CampaignView), setConfirming(false), onChanged()))}>{t('admin.campaigns.endNow')}</button>
            <button type="button" className="cash-button" data-variant="secondary" onClick={() => setConfirming(false)}>{t('admin.campaigns.keep')}</button>
          </div>
          {end.error ? <p className="cash-alert" role="alert">{end.error}</p> : null}
        </div>
      ) : null}
    </li>
  )
}

function parsePositiveAmountOrZero(v: string): bigint {
  try {
    return parsePositiveAmount(v, 'USDC')
  } catch {
    return 0n
  }
}

function ruleText(c: Campaign, t: ReturnType<typeof useI18n>['t'], money: (v: string) => string): string {
  if (c.kind === 'splashback') return t('admin.campaigns.rule.splashback', { percent: String(c.bps / 100), category: t(`promotion.category.${(c.category ?? 'other') as (typeof CASHBACK_CATEGORIES)[number]}`) })
  if (c.kind === 'triple_dip') return t('admin.campaigns.rule.tripleDip', { multiplier: String(c.multiplier) })
  if (c.kind === 'summer_mint') return t('admin.campaigns.rule.summerMint', { goal: money(c.spendGoal ?? '0') })
  const r = c.tierRewards ?? { core: '0', luxe: '0', pinnacle: '0', vip: '0' }
  return t('admin.campaigns.rule.membershipRewards', { rewards: ACCOUNT_TIERS.map((tier) => `${TIER_NAMES[tier]} ${money(r[tier])}`).join(' · ') })
}

/** Create (or, for a campaign not started yet, edit) a campaign; checked with the server's own schema, errors at each field. */
function CampaignForm({ editing, onDone, onCancel }: { editing: Campaign | null; onDone: () => void; onCancel: () => void }) {
  const { t } = useI18n()
  const { api } = useSession()
  const [f, setF] = useState<Form>(editing ? formOf(editing) : EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saved, setSaved] = useState<string | null>(null)
  const save = useAction()
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((x) => ({ ...x, [k]: v }))
  const err = (k: string) => errors[k] ?? save.fieldErrors[k]
  const text = (name: keyof Form & string, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <TextField name={name} label={label} value={f[name] as string} error={err(name)} onChange={(e) => set(name, e.target.value as never)} {...(hint ? { hint } : {})} {...props} />
  )
  const submit = () => {
    setSaved(null)
    const body = bodyOf(f)
    const parsed = CampaignBody.safeParse(body)
    const local: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error)
    for (const k of ['startsAt', 'endsAt'] as const) if (!f[k]) local[k] = t('admin.campaigns.field.dateNeeded')
    setErrors(local)
    if (Object.keys(local).length > 0) return
    void save.run(async () => {
      const res = editing ? await api.put(`/admin/campaigns/${editing.id}`, CampaignView, body) : await api.post('/admin/campaigns', CampaignView, body)
      setSaved(t(editing ? 'admin.campaigns.updated' : 'admin.campaigns.created', { name: res.name }))
      setF(EMPTY)
      onDone()
    })
  }
  const heading = editing ? t('admin.campaigns.editTitle', { name: editing.name }) : t('admin.campaigns.create')
  return (
    <form className="cash-card cash-stack" aria-labelledby="campaign-form-title" noValidate onSubmit={(e) => (e.preventDefault(), submit())} data-testid="admin.campaign-form">
      <h2 id="campaign-form-title">{heading}</h2>
      <div className="cash-field">
        <label htmlFor="campaign-kind">{t('admin.campaigns.field.kind')}</label>
        <select id="campaign-kind" value={f.kind} onChange={(e) => set('kind', e.target.value as CampaignKind)}>
          {CAMPAIGN_KINDS.map((k) => <option key={k} value={k}>{t(`admin.campaigns.kind.${k}`)}</option>)}
        </select>
      </div>
      {text('name', t('admin.campaigns.field.name'))}
      {text('startsAt', t('admin.campaigns.field.startsAt'), { type: 'datetime-local' })}
      {text('endsAt', t('admin.campaigns.field.endsAt'), { type: 'datetime-local' })}
      {f.kind === 'splashback' ? (
        <>
          <Select id="campaign-category" label={t('admin.campaigns.field.category')} value={f.category} error={err('category')} onChange={(v) => set('category', v)}>
            <option value="">{t('admin.campaigns.field.choose')}</option>
            {CASHBACK_CATEGORIES.map((c) => <option key={c} value={c}>{t(`promotion.category.${c}`)}</option>)}
          </Select>
          {text('bps', t('admin.campaigns.field.bps'), { inputMode: 'numeric' }, t('admin.campaigns.field.bpsHint'))}
        </>
      ) : null}
      {f.kind === 'triple_dip' ? text('multiplier', t('admin.campaigns.field.multiplier'), { inputMode: 'numeric' }) : null}
      {f.kind === 'summer_mint' ? text('spendGoal', t('admin.campaigns.field.spendGoal'), { inputMode: 'decimal' }) : null}
      {f.kind === 'membership_rewards' ? (
        <fieldset className="cash-stack">
          <legend>{t('admin.campaigns.field.tierRewards')}</legend>
          {err('tierRewards') ? <p className="cash-field-error" role="alert">{err('tierRewards')}</p> : null}
          {ACCOUNT_TIERS.map((tier) => (
            <TextField key={tier} name={`tierRewards.${tier}`} label={t('admin.campaigns.field.tierReward', { tier: TIER_NAMES[tier] })} inputMode="decimal" value={f.tierRewards[tier]} error={err(`tierRewards.${tier}`)} onChange={(e) => set('tierRewards', { ...f.tierRewards, [tier]: e.target.value })} />
          ))}
        </fieldset>
      ) : null}
      <fieldset className="cash-stack">
        <legend>{t('admin.campaigns.field.eligibility')}</legend>
        <Check label={t('promotion.eligibility.kyc')} checked={f.kycApproved} onChange={(v) => set('kycApproved', v)} />
        <Check label={t('promotion.eligibility.card')} checked={f.activeCard} onChange={(v) => set('activeCard', v)} />
        <Check label={t('promotion.eligibility.personal')} checked={f.personalOnly} onChange={(v) => set('personalOnly', v)} />
        <Check label={t('admin.campaigns.field.optIn')} checked={f.optInRequired} onChange={(v) => set('optInRequired', v)} />
      </fieldset>
      {text('totalCap', t('admin.campaigns.field.totalCap'), { inputMode: 'decimal' })}
      {text('perHolderCap', t('admin.campaigns.field.perHolderCap'), { inputMode: 'decimal' })}
      {text('payoutAt', t('admin.campaigns.field.payoutAt'), { type: 'datetime-local' }, t('admin.campaigns.field.payoutHint'))}
      {save.error ? <p className="cash-alert" role="alert">{save.error}</p> : null}
      {saved ? <p role="status" className="cash-notice" style={{ margin: 0 }}>{saved}</p> : null}
      <div className="cash-actions">
        <button type="submit" className="cash-button" disabled={save.busy}>{editing ? t('admin.campaigns.save') : t('admin.campaigns.submit')}</button>
        {editing ? <button type="button" className="cash-button" data-variant="secondary" onClick={onCancel}>{t('admin.campaigns.cancelEdit')}</button> : null}
      </div>
    </form>
  )
}

export function Select({ id, label, value, error, onChange, children }: { id: string; label: string; value: string; error?: string | undefined; onChange: (v: string) => void; children: ReactNode }) {
  const errorId = `${id}-error`
  return (
    <div className="cash-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
      {error ? <p id={errorId} className="cash-field-error" role="alert">{error}</p> : null}
    </div>
  )
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId()
  return (
    <div className="cash-row" style={{ justifyContent: 'flex-start', gap: '0.5rem' }}>
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  )
}
