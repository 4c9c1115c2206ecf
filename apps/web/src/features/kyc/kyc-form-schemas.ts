import { aadhaarNumberSchema, KYC_MESSAGES as M, panNumberSchema } from '@exchange/contracts';
import { z } from 'zod';

const image = (message: string) =>
  z.custom<File>((value) => value instanceof File, { error: message });

/** Step 1: the contracts' Aadhaar rule (12 digits, Verhoeff) and both sides of the card. */
export const aadhaarStepSchema = z.object({
  aadhar_number: aadhaarNumberSchema,
  front: image(M.aadhaarImages),
  back: image(M.aadhaarImages),
});
export type AadhaarStepInput = z.input<typeof aadhaarStepSchema>;
export type AadhaarStepValues = z.output<typeof aadhaarStepSchema>;

/** Step 2: the contracts' PAN pattern and the card's image. */
export const panStepSchema = z.object({
  pan_number: panNumberSchema,
  pan: image(M.panImage),
});
export type PanStepInput = z.input<typeof panStepSchema>;
export type PanStepValues = z.output<typeof panStepSchema>;
