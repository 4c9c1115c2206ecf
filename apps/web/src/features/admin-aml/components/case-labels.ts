import type { AmlCase } from '@exchange/contracts';
import type { TFunction } from 'i18next';
import type { BadgeTone } from '@/components/ui/status-badge';

const RULES = [
  'pass_through',
  'structuring',
  'shared_withdrawal_address',
  'shared_device',
  'volume_spike',
  'third_party_remitter',
] as const;

/** A rule's name in the reader's language (an unknown one as the server names it). */
export const ruleLabel = (t: TFunction, rule: string) =>
  (RULES as readonly string[]).includes(rule) ? t(`rule.${rule}`) : rule;

export const STATUS_TONE: Record<AmlCase['status'], BadgeTone> = {
  open: 'pending',
  escalated: 'danger',
  closed: 'neutral',
};

export const RISK_TONE: Record<AmlCase['risk'], BadgeTone> = { medium: 'pending', high: 'danger' };
