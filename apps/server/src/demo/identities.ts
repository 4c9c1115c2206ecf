import sharp from 'sharp';
import type { AppContext } from '../context.js';
import { cleanImages } from '../modules/files/image-pool.js';
import { storeImages } from '../modules/files/service.js';
import { identityVault } from '../lib/identity-vault.js';
import { hasKycRequest, insertKycRequest, recordKycDecision } from '../modules/kyc/repository.js';
import { notePanOnRecord } from '../core/tax/pan-on-record.js';
import { findUserByEmail } from '../modules/users/repository.js';
import { DEMO_USER, LIQUIDITY_TAKER, MARKET_MAKER, type DemoAccount } from './accounts.js';

/**
 * The documents the demo's trading accounts are verified with: made-up numbers in the real
 * formats (a PAN's fourth letter P marks a person), so that their fills are charged TDS at the
 * rate with a PAN on record (1%), as a verified Indian user's are, not the 20% without one.
 */
const DEMO_IDENTITIES: readonly { account: DemoAccount; aadhaar: string; pan: string }[] = [
  { account: DEMO_USER, aadhaar: '400000000001', pan: 'DMOPT0001D' },
  { account: MARKET_MAKER, aadhaar: '400000000002', pan: 'DMOPM0002M' },
  { account: LIQUIDITY_TAKER, aadhaar: '400000000003', pan: 'DMOPL0003L' },
];

/**
 * Files an approved identity verification for each demo trading account that has none (a new
 * data folder, or one seeded before the demo had them): card images marked as the demo's,
 * stored like uploads, then the trading core told of the PAN. Returns how many were filed.
 */
export async function fileDemoIdentities(ctx: AppContext): Promise<number> {
  const vault = await identityVault(ctx.config);
  let filed = 0;
  for (const { account, aadhaar, pan } of DEMO_IDENTITIES) {
    const user = await findUserByEmail(ctx.db, account.email);
    if (!user || (await hasKycRequest(ctx.db, user.id))) continue;
    const name = `${account.firstName} ${account.lastName}`;
    const cards = await Promise.all(
      ['Aadhaar (front)', 'Aadhaar (back)', 'PAN card'].map((title) => demoCard(title, name)),
    );
    const [front, back, panImage] = await storeImages(ctx, user.id, await cleanImages(cards));
    if (!front || !back || !panImage) throw new Error('demo identity images were not stored');
    const now = ctx.now();
    const request = await insertKycRequest(
      ctx.db,
      {
        userId: user.id,
        aadhaarLast4: aadhaar.slice(-4),
        aadhaarHash: vault.aadhaarHash(aadhaar),
        panHash: vault.panHash(pan),
        panCiphertext: vault.encryptPan(pan, user.id),
        aadhaarImage1: front.id,
        aadhaarImage2: back.id,
        panImage: panImage.id,
      },
      now,
    );
    await recordKycDecision(
      ctx.db,
      request.id,
      { status: 'approved', rejectionReason: null, reviewedBy: null },
      now,
    );
    await ctx.core.sequencer.submit(notePanOnRecord(user.id));
    filed += 1;
  }
  return filed;
}

/** A plain card image saying what it stands for: the demo's documents are not anyone's. */
function demoCard(title: string, name: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="24" fill="#eef2f7" stroke="#8a94a6" stroke-width="4"/>
    <text x="40" y="90" font-family="sans-serif" font-size="40" fill="#1f2937">${title}</text>
    <text x="40" y="180" font-family="sans-serif" font-size="32" fill="#374151">${name}</text>
    <text x="40" y="330" font-family="sans-serif" font-size="28" fill="#b91c1c">DEMO MARKET SAMPLE</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
