import { useMemo } from 'react'
import { COUNTRY_CODES } from '../../domain/countries'
import { useI18n } from '../lib/i18n'
import { SelectField } from './select-field'

/**
 * A country picker (nationality, address, registration): every country by its name in the page's language,
 * sorted as that language sorts, storing the 2-letter code.
 */
export function CountryField({
  id,
  name,
  label,
  value,
  error,
  onChange,
}: {
  id: string
  name?: string | undefined
  label: string
  value: string
  error?: string | undefined
  onChange: (code: string) => void
}) {
  const { t, locale } = useI18n()
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' })
    const collator = new Intl.Collator(locale)
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    )
  }, [locale])
  return (
    <SelectField id={id} name={name} label={label} value={value} error={error} onChange={onChange}>
      <option value="">{t('ui.country.choose')}</option>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.name}
        </option>
      ))}
    </SelectField>
  )
}
