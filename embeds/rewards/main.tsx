import { bootEmbed } from '../lib/boot-embed'

bootEmbed('rewards', () => import('./rewards-embed').then((m) => m.RewardsEmbed))
