import { TOAST_DURATION_MS } from '@/config/constants';

export type ToastKind = 'error' | 'success' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message: string;
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

function show(kind: ToastKind, message: string) {
  const toast = { id: nextId++, kind, title: TITLES[kind], message };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
}

/** Spec section 8's toast helper: bottom-right, red, green or orange, gone after 5 s. */
export const toast = {
  error: (message = 'Something Went Wrong!') => show('error', message),
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
