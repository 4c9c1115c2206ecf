import type { AdminKycRequest } from '@exchange/contracts';
import { maskPan, type IdentityVault } from '../../lib/identity-vault.js';
import type { KycRequest } from './repository.js';

/**
 * A request as an admin reviews it: the Aadhaar's last four digits and the PAN masked, never
 * the numbers. The wire says `aadhar_*` (the spec's spelling); the code says `aadhaar`.
 */
export function toAdminKycRequestDto(
  request: KycRequest,
  user: { email: string; firstName: string; lastName: string },
  vault: IdentityVault,
  heldElsewhere: AdminKycRequest['held_elsewhere'],
): AdminKycRequest {
  return {
    _id: request.id,
    status: request.status,
    user: {
      _id: request.userId,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
    },
    aadhaar_last4: request.aadhaarLast4,
    pan_masked: maskPan(vault.decryptPan(request.panCiphertext, request.userId)),
    held_elsewhere: heldElsewhere,
    aadhar_image_1: request.aadhaarImage1,
    aadhar_image_2: request.aadhaarImage2,
    pan_image: request.panImage,
    rejection_reason: request.rejectionReason,
    reviewed_by: request.reviewedBy,
    reviewed_at: request.reviewedAt?.toISOString() ?? null,
    created_at: request.createdAt.toISOString(),
  };
}
