import { IMAGE_SIGNATURE_BYTES, imagePixelsProblem, imageUploadProblem } from '@exchange/contracts';

/** The image's width and height as the browser decodes it; null where it cannot tell. */
async function dimensions(file: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof URL.createObjectURL !== 'function' || !('decode' in HTMLImageElement.prototype)) {
    return null;
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The server's upload rules (type by the bytes, size, decoded pixels), checked before anything
 * is sent. What the browser cannot judge is left to the server.
 */
export async function imageFileProblem(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  const problem = imageUploadProblem({ size: file.size, head });
  if (problem) return problem;
  const size = await dimensions(file);
  return size ? imagePixelsProblem(size.width, size.height) : null;
}
