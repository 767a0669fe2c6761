import { bootEmbed } from '../lib/boot-embed'

bootEmbed('membership-rewards', () => import('./membership-rewards-embed').then((m) => m.MembershipRewardsEmbed))
