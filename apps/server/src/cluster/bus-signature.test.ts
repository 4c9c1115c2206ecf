import { describe, expect, it } from 'vitest';
import { BusVerifier, busKey, signBusRequest } from './bus-signature.js';

const key = busKey('a cluster secret of enough length for the test ....');
const SUBJECT = 'exchange.db.http';
const T = 1_800_000_000_000;
const request = { method: 'GET', url: '/api/v1/wallets/funding', remoteAddress: '203.0.113.7' };

describe('signed bus requests', () => {
  it('takes a request signed with the key on its subject, within the window', () => {
    const verifier = new BusVerifier(key, 30_000);
    const signed = signBusRequest(key, SUBJECT, request, T);
    expect(verifier.verify(SUBJECT, signed, T + 29_000)).toEqual({ ok: true, value: request });
  });

  it('refuses a request without a signature', () => {
    const verifier = new BusVerifier(key);
    expect(verifier.verify(SUBJECT, request, T)).toEqual({ ok: false, reason: 'unsigned' });
    expect(verifier.verify(SUBJECT, null, T)).toEqual({ ok: false, reason: 'unsigned' });
  });

  it('refuses a changed address, another subject, another key and another time', () => {
    const verifier = new BusVerifier(key);
    const signed = signBusRequest(key, SUBJECT, request, T);
    const tampered = { ...signed, body: signed.body.replace('203.0.113.7', '10.9.9.9') };
    expect(verifier.verify(SUBJECT, tampered, T)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifier.verify('exchange.db.entry', signed, T)).toMatchObject({ ok: false });
    const other = signBusRequest(busKey('another secret'), SUBJECT, request, T);
    expect(verifier.verify(SUBJECT, other, T)).toEqual({ ok: false, reason: 'bad signature' });
    expect(verifier.verify(SUBJECT, { ...signed, at: T + 1 }, T)).toMatchObject({ ok: false });
    expect(verifier.verify(SUBJECT, { ...signed, mac: '' }, T)).toMatchObject({ ok: false });
  });

  it('refuses a request older or newer than the window', () => {
    const verifier = new BusVerifier(key, 30_000);
    const old = signBusRequest(key, SUBJECT, request, T - 30_001);
    expect(verifier.verify(SUBJECT, old, T)).toEqual({ ok: false, reason: 'stale' });
    const ahead = signBusRequest(key, SUBJECT, request, T + 30_001);
    expect(verifier.verify(SUBJECT, ahead, T)).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses a request it took before, and forgets ids once their request is stale', () => {
    const verifier = new BusVerifier(key, 30_000);
    const signed = signBusRequest(key, SUBJECT, request, T);
    expect(verifier.verify(SUBJECT, signed, T).ok).toBe(true);
    expect(verifier.verify(SUBJECT, signed, T + 10_000)).toEqual({ ok: false, reason: 'replayed' });
    expect(verifier.verify(SUBJECT, signed, T + 30_001)).toEqual({ ok: false, reason: 'stale' });
    const later = signBusRequest(key, SUBJECT, request, T + 60_000);
    expect(verifier.verify(SUBJECT, later, T + 60_000).ok).toBe(true);
    expect(verifier.remembered).toBe(1);
  });
});
