import type { Language, LoginRecord } from '@exchange/contracts';
import { deviceName } from '../../lib/device-name.js';
import type { LoginAttempt } from './repository.js';

export function toLoginRecordDto(a: LoginAttempt, language: Language = 'en'): LoginRecord {
  return {
    _id: a.id,
    created_at: a.createdAt.toISOString(),
    ip: a.ip,
    device: deviceName(a.userAgent, language),
    outcome: a.outcome,
    success: a.outcome === 'success',
  };
}
