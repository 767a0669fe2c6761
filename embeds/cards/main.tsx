import { bootEmbed } from '../lib/boot-embed'

bootEmbed('cards', () => import('./cards-embed').then((m) => m.CardsEmbed))
