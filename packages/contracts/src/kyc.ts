import { z } from 'zod';
import { verhoeffValid } from './verhoeff.js';

/** Spec sections 5 and 8, word for word, plus the server's own refusals. */
export const KYC_MESSAGES = {
  aadhaarLength: 'Aadhaar number must be 12 digits',
  aadhaarInvalid: 'This is not a valid Aadhaar number. Check the 12 digits and try again',
  aadhaarImages: 'Please upload both front and back of Aadhaar',
  aadhaarImagesDistinct: 'Upload different images for the front and back of Aadhaar',
  panInvalid: 'Enter a valid PAN (e.g., ABCDE1234F)',
  panImage: 'Please upload your PAN card image',
  uploadFailed: 'Upload failed',
  panUploadFailed: 'PAN upload failed',
  aadhaarUploadFailed: 'Failed to upload Aadhaar images.',
  submitFailed: 'Something went wrong. Please try again.',
  fileInputImagesOnly: 'Choose an image file',
  submitted: 'Your documents were submitted for review',
  alreadyPending: 'Your identity verification is already under review',
  alreadyApproved: 'Your identity is already verified',
  numberChecksExceeded: 'Too many identity numbers tried today. Try again tomorrow',
  imageNotFound: 'This image was not found. Upload it again',
  reasonRequired: 'A reason is required',
} as const;

/** Upload rules, shared by the file input and the server. */
export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 5,
  /**
   * Decoded size cap, 16 megapixels (4096 x 4096, above a 12 MP phone camera's 4032 x 3024): a
   * tiny file can declare enormous dimensions (a pixel flood), and decoding costs memory and CPU
   * by the pixel.
   */
  maxPixels: 4096 * 4096,
  /** All the images of one upload together: the three sides an identity request needs. */
  maxRequestPixels: 3 * 4096 * 4096,
} as const;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageContentType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export const UPLOAD_MESSAGES = {
  imageType: 'Only JPEG, PNG or WebP images are accepted',
  imageTooLarge: 'Each image must be at most 5 MB',
  imageTooManyPixels: 'Image dimensions are too large (at most 16 megapixels)',
  requestTooManyPixels:
    'These images are too large together: upload at most 3 full-size photos at a time',
  imageUnreadable: 'This image could not be read. Upload a clear JPEG, PNG or WebP photo',
  tooManyFiles: `Upload at most ${UPLOAD_LIMITS.maxFiles} images at a time`,
  noFiles: 'Choose at least one image to upload',
  notMultipart: 'Send the images as multipart/form-data in the files field',
  uploaded: 'Files uploaded',
  quotaReached: 'Upload limit reached. Try again tomorrow',
} as const;

const M = KYC_MESSAGES;
const AADHAAR = /^\d{12}$/;
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;

/** Printed Aadhaar numbers are grouped "1234 5678 9012"; the groups are accepted. */
export const aadhaarNumberSchema = z
  .string({ error: M.aadhaarLength })
  .overwrite((v) => v.replace(/[\s-]/g, ''))
  .regex(AADHAAR, { error: M.aadhaarLength, abort: true })
  // UIDAI never issues numbers starting with 0 or 1, and the last digit is a Verhoeff check.
  .refine((v) => /^[2-9]/.test(v) && verhoeffValid(v), { error: M.aadhaarInvalid });

/** The form upper-cases as the user types; the server does the same. */
export const panNumberSchema = z
  .string({ error: M.panInvalid })
  .trim()
  .toUpperCase()
  .regex(PAN, { error: M.panInvalid });

const fileRef = (message: string) => z.uuid({ error: message });

export const verificationRequestSchema = z
  .object({
    aadhar_number: aadhaarNumberSchema,
    aadhar_image_1: fileRef(M.aadhaarImages),
    aadhar_image_2: fileRef(M.aadhaarImages),
    pan_number: panNumberSchema,
    pan_image: fileRef(M.panImage),
  })
  .refine((r) => r.aadhar_image_1 !== r.aadhar_image_2, {
    error: M.aadhaarImagesDistinct,
    path: ['aadhar_image_2'],
  });
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

/** Step 1's check of the Aadhaar number, before the images are uploaded (walk D10). */
export const aadhaarCheckSchema = z.object({ aadhar_number: aadhaarNumberSchema });
export type AadhaarCheck = z.infer<typeof aadhaarCheckSchema>;

/** A stored upload; its `id` is the reference the verification request carries. */
export const storedFileSchema = z.object({
  id: z.string(),
  url: z.string().describe('Readable by its owner and administrators only'),
  content_type: z.enum(ACCEPTED_IMAGE_TYPES),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;
export const uploadResultSchema = z.object({ files: z.array(storedFileSchema) });

/** A request's own lifecycle; the user's profile mirrors it as `verification_request_status`. */
export const KYC_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycRequestStatus = (typeof KYC_REQUEST_STATUSES)[number];

export const verificationSubmittedSchema = z.object({
  _id: z.string(),
  status: z.enum(KYC_REQUEST_STATUSES),
});

/** What an administrator reviews: never the whole Aadhaar number, PAN masked. */
export const adminKycRequestSchema = z.object({
  _id: z.string(),
  status: z.enum(KYC_REQUEST_STATUSES),
  user: z.object({
    _id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  aadhaar_last4: z.string(),
  pan_masked: z.string(),
  /**
   * Another account's request (pending or approved) holds the same Aadhaar / PAN (review L2: the
   * submitter is not told; the admin decides, and cannot approve a number approved elsewhere).
   */
  held_elsewhere: z.object({ aadhaar: z.boolean(), pan: z.boolean() }),
  aadhar_image_1: z.string(),
  aadhar_image_2: z.string(),
  pan_image: z.string(),
  rejection_reason: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminKycRequest = z.infer<typeof adminKycRequestSchema>;

/** What approving or rejecting an identity request answers. */
export const adminKycDecisionSchema = z.object({
  _id: z.string(),
  status: z.enum(KYC_REQUEST_STATUSES),
  rejection_reason: z.string().nullable(),
});
export type AdminKycDecision = z.infer<typeof adminKycDecisionSchema>;

export const kycRejectSchema = z.object({
  reason: z.string({ error: M.reasonRequired }).trim().min(1, { error: M.reasonRequired }).max(500),
});
