import { bootEmbed } from '../lib/boot-embed'

bootEmbed('admin', () => import('./admin-embed').then((m) => m.AdminEmbed))
