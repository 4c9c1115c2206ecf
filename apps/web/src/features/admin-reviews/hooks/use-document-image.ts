import { useEffect, useState } from 'react';
import { API_BASE_URL } from '@/config/constants';
import { getToken } from '@/lib/session';

type ImageState = { url: string } | { error: true } | null;

/**
 * An identity document, fetched with the admin's token (an <img> cannot send it) and shown from
 * a blob URL, released when the image leaves the screen. Each view is on the audit trail.
 */
export function useDocumentImage(fileId: string): ImageState {
  const [state, setState] = useState<ImageState>(null);
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    const token = getToken();
    fetch(`${API_BASE_URL}/files/${fileId}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      })
      .catch(() => !cancelled && setState({ error: true }));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);
  return state;
}
