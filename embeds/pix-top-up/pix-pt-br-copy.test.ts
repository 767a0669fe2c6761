import { describe, expect, it } from 'vitest'
import { en } from '../lib/messages-en'
import { ptBR } from '../lib/messages-pt-br'

/**
 * What the PIX screens' Portuguese rests on, checked without a browser (e2e/pix-pt-br.spec.ts walks the screens
 * in a pt-BR QA harness and looks for these English strings on each).
 */
const BRL_1234_56 = 'R$\u00a01.234,56'
const PIX_KEYS = /^(pix|pixSend|confirm|state|ui|quote|withdraw\.total)\b/

describe('PIX in Brazilian Portuguese', () => {
  it('Intl formats R$ 1.234,56 for pt-BR with a no-break space after R$', () => {
    expect(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(1234.56)).toBe(BRL_1234_56)
  })

  it('the PIX screens and the shared parts they use have their own Portuguese for most of their strings', () => {
    const translated = Object.entries(en).filter(
      ([key, text]) =>
        PIX_KEYS.test(key) && text !== ptBR[key as keyof typeof en] && !text.includes('{') && text.length >= 4,
    )
    expect(translated.length).toBeGreaterThan(40)
  })
})
