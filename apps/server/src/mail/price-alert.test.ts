import { describe, expect, it } from 'vitest';
import { priceAlertMail, priceAlertText } from './price-alert.js';

const fired = {
  symbol: 'BTC/INR',
  quote: 'INR',
  direction: 'above' as const,
  price: '8500000',
  traded: '8500012.5',
};

describe('a fired price alert in words', () => {
  it('says it in English with the prices grouped the Indian way by default', () => {
    expect(priceAlertText(fired)).toEqual({
      title: 'BTC/INR is above 85,00,000 INR',
      body: 'BTC/INR traded at 85,00,012.5 INR, crossing your alert above 85,00,000 INR. The alert has fired and is now off.',
    });
  });

  it('says it in Hindi, grouped as the reader chose', () => {
    const text = priceAlertText({ ...fired, direction: 'below' }, 'hi', 'international');
    expect(text.title).toBe('BTC/INR 8,500,000 INR से नीचे है');
    expect(text.body).toContain('8,500,012.5 INR पर हुआ');
    expect(text.body).toContain('से नीचे का अलर्ट');
  });

  it("mails it in the owner's language, subject and page alike", () => {
    const mail = priceAlertMail('a@example.com', fired, 'hi');
    expect(mail.subject).toBe('प्राइस अलर्ट: BTC/INR 85,00,000 INR से ऊपर है');
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.text).not.toMatch(/You set this alert/);
    expect(priceAlertMail('a@example.com', fired).subject).toBe(
      'Price alert: BTC/INR is above 85,00,000 INR',
    );
  });
});
