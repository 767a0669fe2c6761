import type { PixPayment } from '../pix-send/pix-send-review-view'

/** A quoted PIX payment of R$ 1.234,56 to a key, as the API answers it (PixPaymentView). */
export const pixPayment: PixPayment = {
  id: '70000000-0000-4000-8000-000000000001',
  recipientName: 'Maria Souza',
  recipientSandbox: false,
  recipientCity: 'São Paulo',
  key: 'maria@exemplo.com.br',
  source: 'key',
  brlAmount: '1234.56',
  rate: '0.18',
  usdcAmount: '222.22',
  feeUsdc: '2.22',
  totalUsdc: '224.44',
  status: 'quoted',
  endToEndId: null,
  expiresAt: '2026-11-26T10:10:00.000Z',
}
