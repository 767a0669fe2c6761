import { bootEmbed } from '../lib/boot-embed'

bootEmbed('pix-top-up', () => import('./pix-top-up-embed').then((m) => m.PixTopUpEmbed))
