import { bootEmbed } from '../lib/boot-embed'

bootEmbed('home', () => import('./home-embed').then((m) => m.HomeEmbed))
