import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { I18nProvider, type Locale } from '../lib/i18n'
import { HealthMeter } from './health-meter'

afterEach(cleanup)

const meter = (locale: Locale, factor: string) =>
  render(
    <I18nProvider locale={locale}>
      <HealthMeter health={{ factor, status: 'healthy', warningFactor: '1.1', liquidationValue: '1250.5' }} />
    </I18nProvider>,
  )

describe('the health meter', () => {
  it('writes the factor and both lines in the reader’s number format, each with two decimals', () => {
    meter('pt-BR', '6.029')
    const card = screen.getByTestId('home.health')
    expect(card.textContent).toContain('6,02')
    expect(card.textContent).toContain('Abaixo de 1,10 você recebe um aviso; abaixo de 1,00 (dívida acima de US$')
    expect(card.textContent).not.toMatch(/\b\d\.\d\d\b/) // a factor in the English format
    cleanup()
    meter('en-US', '6.029')
    expect(screen.getByTestId('home.health').textContent).toContain('6.02')
    expect(screen.getByTestId('home.health').textContent).toContain('Below 1.10 you get a warning; below 1.00 (debt')
  })
})
