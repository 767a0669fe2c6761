import { useId } from 'react'
import { useI18n } from '../lib/i18n'

const ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC']

/** The holder's time zone: spending-limit days and months follow it. */
export function TimeZoneField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (zone: string) => void
  error?: string | undefined
}) {
  const { t } = useI18n()
  const id = useId()
  const zones = ZONES.includes(value) ? ZONES : [value, ...ZONES]
  return (
    <div className="cash-field">
      <label htmlFor={id}>{t('onboarding.profile.timeZone')}</label>
      <p id={`${id}-hint`} className="cash-muted" style={{ margin: 0 }}>
        {t('onboarding.profile.timeZoneHint')}
      </p>
      <select
        id={id}
        name="timeZone"
        value={value}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="cash-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
