import { deflateSync } from 'node:zlib';
import { verhoeffCheckDigit } from '@exchange/contracts';
import { baseUrl, call, DEMO_PASSWORD, SECOND_ADMIN_EMAIL, verifiedUser } from './support';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small valid RGB PNG of one colour (a stand-in photo of a document). */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const digits = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join(
    '',
  );

/** A fresh, valid Aadhaar number (first digit 2-9, Verhoeff check digit last). */
export function randomAadhaar(): string {
  const body = `${2 + Math.floor(Math.random() * 8)}${digits(10)}`;
  return `${body}${verhoeffCheckDigit(body)}`;
}

/** A fresh PAN, lower-cased as a careless user types it. */
export const randomPanLowercase = () => `${letters(5)}${digits(4)}${letters(1)}`.toLowerCase();

export const randomHex = (bytes: number) =>
  `0x${Array.from({ length: bytes * 2 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('')}`;

/**
 * The demo administrator (or the second one every e2e server has), signed in through the API
 * (both have DEMO_PASSWORD).
 */
export async function adminToken(email = 'admin@exchange.local'): Promise<string> {
  const login = await call<{ access_token: string }>('/auth/login', {
    email,
    password: DEMO_PASSWORD,
  });
  return login.data.access_token;
}

interface Pending {
  _id: string;
  user: { email: string };
}

type Queue = '/admin/kyc?status=pending' | '/admin/deposits?status=pending';

/** The user's item in an admin queue, if it is there. */
async function pendingItem(queue: Queue, email: string, token: string) {
  const { data } = await call<Pending[]>(`${queue}&page_size=100`, undefined, token);
  return data.find((entry) => entry.user.email === email);
}

/** Decides the user's pending item in an admin queue, as `admin`. */
export async function decidePending(
  queue: Queue,
  email: string,
  decision: (id: string) => string,
  body: unknown = {},
  admin?: string,
) {
  const token = await adminToken(admin);
  const item = await pendingItem(queue, email, token);
  if (!item) throw new Error(`no pending item for ${email} in ${queue}`);
  const result = await call(decision(item._id), body, token);
  if (!result.success) throw new Error(`${decision(item._id)}: ${result.message}`);
}

/** Files an identity request through the API (three photos uploaded, then the request). */
export async function submitIdentity(token: string, aadhaar = randomAadhaar()): Promise<void> {
  const form = new FormData();
  for (const rgb of [
    [200, 40, 40],
    [40, 200, 40],
    [40, 40, 200],
  ] as [number, number, number][])
    form.append(
      'files',
      new Blob([new Uint8Array(solidPng(64, 40, rgb))], { type: 'image/png' }),
      'card.png',
    );
  const upload = await fetch(`${baseUrl()}/api/v1/files/upload/multiple`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const files = ((await upload.json()) as { data: { files: { id: string }[] } }).data.files;
  const [front, back, pan] = files.map((f) => f.id);
  const request = await call(
    '/users/verification/request',
    {
      aadhar_number: aadhaar,
      aadhar_image_1: front,
      aadhar_image_2: back,
      pan_number: randomPanLowercase().toUpperCase(),
      pan_image: pan,
    },
    token,
  );
  if (!request.success) throw new Error(`identity request: ${request.message}`);
}

/** A signed-in user's identity request made through the API, approved by the demo admin. */
export async function approveIdentity(email: string, token: string): Promise<void> {
  await submitIdentity(token);
  await decidePending('/admin/kyc?status=pending', email, (id) => `/admin/kyc/${id}/approve`);
}

/** A USDT deposit to the user's funding wallet, claimed through the API and confirmed by the admin. */
export async function depositUsdt(email: string, token: string, amount: string): Promise<void> {
  const claim = await call(
    '/transactions/deposit/verify',
    { network: 'ethereum', sender_address: randomHex(20), transaction_hash: randomHex(32), amount },
    token,
  );
  if (!claim.success) throw new Error(`deposit: ${claim.message}`);
  const queue = '/admin/deposits?status=pending';
  const confirm = (id: string) => `/admin/deposits/${id}/confirm`;
  await decidePending(queue, email, confirm);
  // One worth more than the four-eyes limit waits for a second administrator.
  if (await pendingItem(queue, email, await adminToken()))
    await decidePending(queue, email, confirm, {}, SECOND_ADMIN_EMAIL);
}

/** A new user, identity approved, with `usdt` deposited and moved to the spot wallet to trade. */
export async function spotTrader(tag: string, usdt: string) {
  const user = await verifiedUser(tag);
  await approveIdentity(user.email, user.token);
  await depositUsdt(user.email, user.token, usdt);
  const moved = await call(
    '/wallets/transfer',
    { from_wallet: 'funding', to_wallet: 'spot', amount: usdt, token_id: 'USDT' },
    user.token,
  );
  if (!moved.success) throw new Error(`transfer: ${moved.message}`);
  return user;
}
