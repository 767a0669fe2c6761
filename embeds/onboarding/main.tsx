import { mountEmbed } from '../lib/mount-embed'
import { OnboardingEmbed } from './onboarding-embed'

mountEmbed('onboarding', OnboardingEmbed)
