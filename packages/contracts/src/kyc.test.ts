import { describe, expect, it } from 'vitest';
import { KYC_MESSAGES as M, verificationRequestSchema } from './kyc.js';
import { verhoeffCheckDigit, verhoeffValid } from './verhoeff.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const AADHAAR = `23456789012${verhoeffCheckDigit('23456789012')}`;
const ids = {
  aadhar_image_1: '6f1d2c3e-0a4b-4c5d-8e6f-7a8b9c0d1e2f',
  aadhar_image_2: '7f1d2c3e-0a4b-4c5d-8e6f-7a8b9c0d1e2f',
  pan_image: '8f1d2c3e-0a4b-4c5d-8e6f-7a8b9c0d1e2f',
};
const valid = { aadhar_number: AADHAAR, pan_number: 'ABCDE1234F', ...ids };

describe('Verhoeff', () => {
  it('matches the published example and catches one-digit typos and adjacent swaps', () => {
    // The published worked example: 236 takes check digit 3.
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid(AADHAAR)).toBe(true);
    for (let i = 0; i < AADHAAR.length; i++) {
      const typo = AADHAAR.slice(0, i) + ((Number(AADHAAR[i]) + 1) % 10) + AADHAAR.slice(i + 1);
      expect(verhoeffValid(typo)).toBe(false);
    }
    const swapped = AADHAAR[1]! + AADHAAR[0]! + AADHAAR.slice(2);
    expect(verhoeffValid(swapped)).toBe(false);
  });
});

describe('verification request', () => {
  it('accepts a valid request, grouped Aadhaar digits and a lower-case PAN', () => {
    const parsed = verificationRequestSchema.parse({
      ...valid,
      aadhar_number: `${AADHAAR.slice(0, 4)} ${AADHAAR.slice(4, 8)} ${AADHAAR.slice(8)}`,
      pan_number: ' abcde1234f ',
    });
    expect(parsed.aadhar_number).toBe(AADHAAR);
    expect(parsed.pan_number).toBe('ABCDE1234F');
  });

  it.each([
    [{ aadhar_number: '12345' }, M.aadhaarLength],
    [{ aadhar_number: undefined }, M.aadhaarLength],
    [
      { aadhar_number: `${AADHAAR.slice(0, 11)}${(Number(AADHAAR[11]) + 1) % 10}` },
      M.aadhaarInvalid,
    ],
    [{ aadhar_number: `1${AADHAAR.slice(1)}` }, M.aadhaarInvalid],
    [{ aadhar_image_2: undefined }, M.aadhaarImages],
    [{ aadhar_image_2: ids.aadhar_image_1 }, M.aadhaarImagesDistinct],
    [{ pan_number: 'ABCD1234FF' }, M.panInvalid],
    [{ pan_image: '' }, M.panImage],
  ])('refuses %o with its message', (change, message) => {
    expect(firstMessage(verificationRequestSchema.safeParse({ ...valid, ...change }))).toBe(
      message,
    );
  });
});
