import { TOAST_DURATION_MS } from '@/config/constants';

export type ToastKind = 'error' | 'success' | 'warning';

/** A way forward the toast offers, e.g. to Identity Verification after a refusal (D18). */
export interface ToastLink {
  label: string;
  href: string;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message: string;
  link?: ToastLink;
}

const TITLES: Record<ToastKind, string> = {
  error: 'Error',
  success: 'Success',
  warning: 'Warning',
};

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, message: string, link?: ToastLink) {
  const toast: Toast = {
    id: nextId++,
    kind,
    title: TITLES[kind],
    message,
    ...(link ? { link } : {}),
  };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
}

/** Spec section 8's toast helper: bottom-right, red, green or orange, gone after 5 s. */
export const toast = {
  error: (message = 'Something Went Wrong!', link?: ToastLink) => show('error', message, link),
  success: (message: string) => show('success', message),
  warning: (message: string) => show('warning', message),
};

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getSnapshot: () => toasts,
};
