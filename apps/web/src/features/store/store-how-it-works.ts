import { Coins, Gift, Search } from 'lucide-react';
import type { HowItWorksStep } from '@/components/how-it-works';

export const STORE_STEPS: readonly HowItWorksStep[] = [
  {
    icon: Coins,
    title: 'Earn Points',
    text: 'Earn 1 point for every $1 you wager at our partner casinos.',
  },
  {
    icon: Search,
    title: 'Find a Reward',
    text: 'Search the store or browse by category: cash, bonus credits, merchandise and VIP.',
  },
  {
    icon: Gift,
    title: 'Redeem',
    text: 'Redeem with your points; the order shows in your Purchase History until it is fulfilled.',
  },
];
