import type { FrameLocator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { decodeBrCode } from '../domain/br-code'
import { en } from '../embeds/lib/messages-en'
import { ptBR } from '../embeds/lib/messages-pt-br'
import { apiAs } from './support/api'

/**
 * The QA harness plays a Brazilian phone (locale pt-BR through the bridge's init) around the PIX pages:
 * every screen of both flows reads in Portuguese, with reais as Intl formats them for pt-BR.
 */

// Intl puts a NO-BREAK SPACE (U+00A0) between "R$" and the number; screens show exactly that (checked without a
// browser, with the size of ENGLISH, in embeds/pix-top-up/pix-pt-br-copy.test.ts).
const BRL_1234_56 = 'R$\u00a01.234,56'

/** English page strings of the PIX screens (and the shared ones they use) that must not show in pt-BR. */
const ENGLISH = Object.entries(en)
  .filter(
    ([key, text]) =>
      /^(pix|pixSend|confirm|state|ui|quote|withdraw\.total)\b/.test(key) &&
      text !== ptBR[key as keyof typeof en] &&
      !text.includes('{') &&
      text.length >= 4,
  )
  .map(([, text]) => text)

const wordRe = (text: string) =>
  new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u')

async function expectNoEnglish(embed: FrameLocator, screen: string) {
  const text = await embed.locator('body').innerText()
  const found = ENGLISH.filter((phrase) => wordRe(phrase).test(text))
  expect(found, `${screen} shows English: ${found.join(' | ')}`).toEqual([])
}

async function launchInPortuguese(page: Page, webview: string) {
  await page.goto('/app/cash/webview/test')
  await page.getByLabel('Page').selectOption(webview)
  await page.getByLabel('Locale').selectOption('pt-BR')
  await page.getByRole('button', { name: 'Launch' }).click()
  await expect(page.getByTestId('qa.log')).toContainText('← embed req ready')
  const embed = page.frameLocator('iframe[title="Embed under test"]')
  await expect(embed.locator('html')).toHaveAttribute('lang', 'pt-BR')
  return embed
}

test.describe('the PIX flows in Portuguese inside the QA harness (locale pt-BR)', () => {
  test('PIX top-up: amount, a refusal, the code to pay, then paid', async ({ page, request }) => {
    const admin = await apiAs(request, 'admin')
    const embed = await launchInPortuguese(page, 'pix/topup')

    // Amount screen.
    await expect(embed.getByRole('heading', { level: 1 })).toHaveText('Adicionar dinheiro com PIX')
    await expect(embed.getByText('De R$ 10,00 a R$ 50.000,00 por dia.')).toBeVisible()
    await expectNoEnglish(embed, 'amount')
    // The server's refusal (pix_amount_min) shows at the field in Portuguese.
    await embed.getByLabel('Valor em reais').fill('5')
    await expect(embed.getByText('A menor recarga por PIX é de R$ 10,00.')).toBeVisible()
    await embed.getByLabel('Valor em reais').fill('1234,56')
    await expect(embed.getByTestId('pix.quote')).toContainText('Você recebe')
    await expect(embed.getByTestId('pix.quote')).toContainText(/US\$\s\d/)
    await expectNoEnglish(embed, 'quote')

    // Charge screen: QR code, copy-paste code, countdown.
    await embed.getByRole('button', { name: 'Gerar código PIX' }).click()
    await expect(embed.getByRole('img', { name: 'Código PIX para pagar' })).toBeVisible()
    await expect(embed.getByText(`Pague ${BRL_1234_56} com PIX no seu banco`)).toBeVisible()
    await expect(embed.getByRole('button', { name: /^Código PIX copia e cola: Copiar/ })).toBeVisible()
    await expect(embed.getByRole('timer')).toContainText('Câmbio e código válidos por')
    await expectNoEnglish(embed, 'charge')

    // Paid.
    const decoded = decodeBrCode((await embed.getByTestId('pix.br-code').textContent())!.trim())
    expect(decoded.amount).toBe('1234.56')
    await admin.post(`/sandbox/pix/charges/${decoded.txid}/pay`)
    await expect(embed.getByRole('heading', { name: 'Pagamento recebido' })).toBeVisible()
    await expect(embed.getByText(/foram creditados na sua conta\.$/)).toBeVisible()
    await expectNoEnglish(embed, 'paid')
  })

  test('PIX send: key, a refusal, amount, review, confirmed, sent', async ({ page }) => {
    const embed = await launchInPortuguese(page, 'pix/send')

    // Key and amount screen.
    await expect(embed.getByRole('heading', { level: 1 })).toHaveText('Pagar com PIX')
    await expectNoEnglish(embed, 'key')
    // Nothing entered: the page's own message; a key that is no key: the server's, both in Portuguese.
    await embed.getByRole('button', { name: 'Continuar' }).click()
    await expect(embed.getByText('Digite uma chave PIX ou cole um código PIX.')).toBeVisible()
    await embed.getByLabel('Chave ou código PIX').fill('não é uma chave')
    await embed.getByRole('button', { name: 'Continuar' }).click()
    await expect(
      embed.getByText(
        'Digite uma chave PIX (CPF, CNPJ, e-mail, celular +55 ou chave aleatória) ou cole um código PIX.',
      ),
    ).toBeVisible()
    await expectNoEnglish(embed, 'refusal')

    await embed.getByLabel('Chave ou código PIX').fill('fornecedor@example.com.br')
    await embed.getByLabel('Valor em reais').fill('1234,56')
    await embed.getByRole('button', { name: 'Continuar' }).click()

    // Review screen.
    const recipient = embed.getByTestId('pix-send.recipient')
    await expect(recipient).toContainText('SAO PAULO')
    await expect(recipient).toContainText(BRL_1234_56)
    await expect(embed.getByRole('timer')).toContainText('Câmbio garantido por')
    await expect(embed.getByRole('heading', { name: 'Revise e confirme' })).toBeVisible()
    await expect(embed.getByTestId('confirm.summary')).toContainText('Total debitado da sua conta')
    await expectNoEnglish(embed, 'review')

    // Confirmed by the host's biometrics (the harness), then the sent status.
    await embed.getByRole('button', { name: 'Confirmar com biometria' }).click()
    await expect(page.getByText(`Confirm with biometrics: Pagar`)).toContainText(`${BRL_1234_56} para`)
    await page.getByRole('button', { name: 'Approve' }).click()
    const status = embed.getByRole('status')
    await expect(status.getByRole('heading', { name: 'Pago' })).toBeVisible()
    await expect(status).toContainText(`${BRL_1234_56} pagos a`)
    await expect(status).toContainText('debitados da sua conta')
    await expectNoEnglish(embed, 'sent')
  })
})
