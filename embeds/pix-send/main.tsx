import { bootEmbed } from '../lib/boot-embed'

bootEmbed('pix-send', () => import('./pix-send-embed').then((m) => m.PixSendEmbed))
