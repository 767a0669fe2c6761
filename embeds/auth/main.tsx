import { bootEmbed } from '../lib/boot-embed'

bootEmbed('auth', () => import('./auth-embed').then((m) => m.AuthEmbed))
