import type { NotificationDto } from '@exchange/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { notificationText } from './notification-text';

const fired: NotificationDto = {
  id: 'n1',
  kind: 'price_alert',
  title: 'BTC/USDT is above 105000 USDT',
  body: 'stored English',
  values: {
    symbol: 'BTC/USDT',
    quote: 'USDT',
    direction: 'above',
    price: '105000',
    traded: '105012.5',
  },
  link: '/BTCUSDT',
  created_at: '2026-11-29T10:00:00.000Z',
  read: false,
};

describe('a notification in words (walk-4 W4-3)', () => {
  afterAll(() => setLanguage('en', { remember: false }));

  it('words a fired alert from its values, prices grouped', async () => {
    await setLanguage('en', { remember: false });
    expect(notificationText(fired)).toEqual({
      title: 'BTC/USDT is above 1,05,000 USDT',
      body: 'BTC/USDT traded at 1,05,012.5 USDT, crossing your alert above 1,05,000 USDT. The alert has fired and is now off.',
    });
  });

  it('words it in Hindi when Hindi is chosen', async () => {
    await setLanguage('hi', { remember: false });
    const { title, body } = notificationText({
      ...fired,
      values: { ...fired.values!, direction: 'below' },
    });
    expect(title).toBe('BTC/USDT 1,05,000 USDT से नीचे है');
    expect(body).toContain('1,05,012.5 USDT पर हुआ');
  });

  it('shows one stored without values as it was stored', () => {
    expect(notificationText({ ...fired, values: null })).toEqual({
      title: fired.title,
      body: 'stored English',
    });
  });
});
