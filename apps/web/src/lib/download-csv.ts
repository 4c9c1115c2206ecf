import { API_BASE_URL } from '@/config/constants';
import { getToken } from './session';

/**
 * Downloads a CSV the server writes (the audit log, the user's deductions, the Form 26QF lines):
 * fetched with the session's token, since a plain link would carry none, then saved through a
 * link under the server's file name (`fallbackName` if it gives none).
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(`${API_BASE_URL}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`CSV download failed (${response.status})`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Released once the browser has surely taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
