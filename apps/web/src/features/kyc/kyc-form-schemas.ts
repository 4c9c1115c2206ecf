import { aadhaarNumberSchema, KYC_MESSAGES as M, panNumberSchema } from '@exchange/contracts';
import { z } from 'zod';

const image = (message: string) =>
  z.custom<File>((value) => value instanceof File, { error: message });

async function sameBytes(a: Blob, b: Blob): Promise<boolean> {
  if (a.size !== b.size) return false;
  const [x, y] = await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
  const left = new Uint8Array(x);
  const right = new Uint8Array(y);
  return left.every((byte, i) => byte === right[i]);
}

/**
 * Step 1: the contracts' Aadhaar rule (12 digits, Verhoeff) and both sides of the card, which
 * are two different images (the same photo picked twice is refused before it is uploaded).
 */
export const aadhaarStepSchema = z
  .object({
    aadhar_number: aadhaarNumberSchema,
    front: image(M.aadhaarImages),
    back: image(M.aadhaarImages),
  })
  .refine(async ({ front, back }) => !(await sameBytes(front, back)), {
    error: M.aadhaarImagesDistinct,
    path: ['back'],
  });
export type AadhaarStepInput = z.input<typeof aadhaarStepSchema>;

/** Step 2: the contracts' PAN pattern and the card's image. */
export const panStepSchema = z.object({
  pan_number: panNumberSchema,
  pan: image(M.panImage),
});
