import { mountEmbed } from '../lib/mount-embed'
import { MembershipRewardsEmbed } from './membership-rewards-embed'

mountEmbed('membership-rewards', MembershipRewardsEmbed)
