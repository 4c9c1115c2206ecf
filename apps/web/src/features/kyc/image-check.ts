import { IMAGE_SIGNATURE_BYTES, imageUploadProblem } from '@exchange/contracts';

/** The server's upload rules (type by the bytes, size), checked before anything is sent. */
export async function imageFileProblem(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  return imageUploadProblem({ size: file.size, head });
}
