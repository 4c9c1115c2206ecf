import { describe, expect, it } from 'vitest';
import { AppError, refusedItem } from './app-error.js';

describe('AppError', () => {
  it('is a refusal with its status and no stack trace below 500', () => {
    const refusal = new AppError('NOT_FOUND', 'Order not found', { id: 1 });
    expect(refusal).toBeInstanceOf(Error);
    expect([refusal.statusCode, refusal.code, refusal.message]).toEqual([
      404,
      'NOT_FOUND',
      'Order not found',
    ]);
    expect(refusal.data).toEqual({ id: 1 });
    expect(refusal.stack?.split('\n')).toHaveLength(1);
    expect(refusedItem(refusal)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Order not found',
    });
  });

  it('keeps the stack of a fault (500 and above), which is logged', () => {
    const fault = new AppError('INTERNAL', 'The command failed');
    expect(fault.statusCode).toBe(500);
    expect(fault.stack).toContain('app-error.test.ts');
    // The limit is put back for every other error.
    expect(new Error('x').stack).toContain('app-error.test.ts');
  });
});
