import type { ColumnType, Generated } from 'kysely';
import type { ImageContentType, KycRequestStatus } from '@exchange/contracts';

type Timestamp = ColumnType<Date, Date | undefined, Date>;

/** An upload, re-encoded and kept under `<DATA_DIR>/uploads/<path>`; only its owner and admins read it. */
export interface StoredFilesTable {
  id: Generated<string>;
  owner_id: string;
  content_type: ImageContentType;
  /** A random file name inside the uploads folder, never a caller's name. */
  path: string;
  size: number;
  width: number;
  height: number;
  created_at: Timestamp;
  /** When the retention rule deleted the file; the row stays, since requests name it. */
  purged_at: Date | null;
}

/** One upload request, counted before its images are decoded: the daily quota counts attempts. */
export interface UploadAttemptsTable {
  id: Generated<string>;
  owner_id: string;
  files: number;
  created_at: Date;
}

/**
 * One identity verification request. The Aadhaar number is never kept: only its last four digits
 * and a keyed hash (uniqueness). The PAN is encrypted, with a keyed hash for uniqueness.
 */
export interface KycRequestsTable {
  id: Generated<string>;
  user_id: string;
  status: KycRequestStatus;
  aadhaar_last4: string;
  aadhaar_hash: string;
  pan_hash: string;
  pan_ciphertext: string;
  aadhaar_image_1: string;
  aadhaar_image_2: string;
  pan_image: string;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IdentityTables {
  stored_files: StoredFilesTable;
  upload_attempts: UploadAttemptsTable;
  kyc_requests: KycRequestsTable;
}
