import type { FieldErrors } from '../../domain/errors'
import { useI18n } from '../lib/i18n'
import { CountryField } from '../ui/country-field'
import { TextField } from '../ui/text-field'

export type AddressValues = {
  line1: string
  line2: string
  city: string
  region: string
  postalCode: string
  country: string
}
export const EMPTY_ADDRESS: AddressValues = { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' }

/** The address as the API takes it: an empty second line is left out. */
export function addressBody({ line2, ...rest }: AddressValues) {
  return line2.trim() ? { ...rest, line2 } : rest
}

/** An address in a fieldset; errors come keyed `<prefix>.<field>`. */
export function AddressFields({
  legend,
  prefix,
  value,
  errors,
  onChange,
}: {
  legend: string
  prefix: string
  value: AddressValues
  errors: FieldErrors
  onChange: (key: keyof AddressValues, text: string) => void
}) {
  const { t } = useI18n()
  const bind = (key: keyof AddressValues, autoComplete: string) => ({
    name: `${prefix}.${key}`,
    value: value[key],
    error: errors[`${prefix}.${key}`],
    autoComplete,
    onChange: (e: { target: { value: string } }) => onChange(key, e.target.value),
  })
  return (
    <fieldset className="cash-stack" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <h2 style={{ margin: 0 }}>{legend}</h2>
      </legend>
      <TextField label={t('identity.address.line1')} {...bind('line1', 'address-line1')} />
      <TextField label={t('identity.address.line2')} {...bind('line2', 'address-line2')} />
      <TextField label={t('identity.address.city')} {...bind('city', 'address-level2')} />
      <TextField label={t('identity.address.region')} {...bind('region', 'address-level1')} />
      <TextField label={t('identity.address.postalCode')} {...bind('postalCode', 'postal-code')} />
      <CountryField
        id={`${prefix}.country`}
        name={`${prefix}.country`}
        label={t('identity.address.country')}
        value={value.country}
        error={errors[`${prefix}.country`]}
        onChange={(code) => onChange('country', code)}
      />
    </fieldset>
  )
}
