import type { LoginRecord } from '@exchange/contracts';
import { deviceName } from '../../lib/device-name.js';
import type { LoginAttempt } from './repository.js';

export function toLoginRecordDto(a: LoginAttempt): LoginRecord {
  return {
    _id: a.id,
    created_at: a.createdAt.toISOString(),
    ip: a.ip,
    device: deviceName(a.userAgent),
    outcome: a.outcome,
    success: a.outcome === 'success',
  };
}
