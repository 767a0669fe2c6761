import { bootEmbed } from '../lib/boot-embed'

bootEmbed('onboarding', () => import('./onboarding-embed').then((m) => m.OnboardingEmbed))
