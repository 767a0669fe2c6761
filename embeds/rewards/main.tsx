import { mountEmbed } from '../lib/mount-embed'
import { RewardsEmbed } from './rewards-embed'

mountEmbed('rewards', RewardsEmbed)
