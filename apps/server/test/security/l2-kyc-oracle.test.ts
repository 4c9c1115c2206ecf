import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.js';
import { aadhaarNumber, panNumber, uploadPhotos } from '../support/images.js';
import { authed, member, type Member } from '../support/members.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Review 1's L2, still open in review 4: the answer to an identity submission told whether an
 * Aadhaar or PAN is registered here (409 for a held number, 201 for a fresh one), to any verified
 * user, at step 1 and at the submission. Now both answer alike; the admin sees the duplicate, and
 * two approvals of one number at once leave one approved.
 */
describe.each(BACKENDS)('the identity numbers oracle (review L2) on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await member(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const request = async (user: Member, aadhaar: string, pan: string) => {
    const [front, back] = await uploadPhotos(t, user.token, 2);
    const [panImage] = await uploadPhotos(t, user.token, 1);
    return authed(t, 'POST', '/users/verification/request', user.token, {
      aadhar_number: aadhaar,
      aadhar_image_1: front,
      aadhar_image_2: back,
      pan_number: pan,
      pan_image: panImage,
    });
  };
  const shape = (r: { statusCode: number; body: string }) => ({
    status: r.statusCode,
    keys: Object.keys(JSON.parse(r.body)),
    message: JSON.parse(r.body).message,
  });

  it('answers a held number as a fresh one, at step 1 and at the submission', async () => {
    const victim = await member(t, { kyc: 'none' });
    const [aadhaar, pan] = [aadhaarNumber(), panNumber()];
    expect((await request(victim, aadhaar, pan)).statusCode).toBe(201);

    const [prober, control] = [await member(t, { kyc: 'none' }), await member(t, { kyc: 'none' })];
    const step1 = (user: Member, number: string) =>
      authed(t, 'POST', '/users/verification/aadhaar', user.token, { aadhar_number: number });
    expect(shape(await step1(prober, aadhaar))).toEqual(
      shape(await step1(control, aadhaarNumber())),
    );
    const held = await request(prober, aadhaar, panNumber());
    const fresh = await request(control, aadhaarNumber(), panNumber());
    expect(shape(held)).toEqual(shape(fresh));
  });

  it('lets two admins at once approve one number for one account only', async () => {
    const [a, b] = [await member(t, { kyc: 'none' }), await member(t, { kyc: 'none' })];
    const second = await member(t, { role: 'admin' });
    const [aadhaar, pan] = [aadhaarNumber(), panNumber()];
    await request(a, aadhaar, pan);
    await request(b, aadhaar, panNumber());
    const queue = await authed(t, 'GET', '/admin/kyc?status=pending&page_size=500', admin.token);
    const ids = (queue.json().data as { _id: string; user: { _id: string } }[])
      .filter((r) => r.user._id === a.id || r.user._id === b.id)
      .map((r) => r._id);
    expect(ids).toHaveLength(2);
    const answers = await Promise.all([
      authed(t, 'POST', `/admin/kyc/${ids[0]}/approve`, admin.token, {}),
      authed(t, 'POST', `/admin/kyc/${ids[1]}/approve`, second.token, {}),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
