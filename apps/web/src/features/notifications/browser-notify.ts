import type { NotificationDto } from '@exchange/contracts';
import { notificationText } from './notification-text';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/**
 * Asks the browser's permission to show notifications, once, when it has not been answered. Call
 * it from a user's click only (browsers refuse, or count against the site, a prompt nobody asked).
 */
export function askNotificationPermission(): void {
  if (supported() && Notification.permission === 'default') void Notification.requestPermission();
}

/** Shows a notification outside the page too, when the user allowed it; nothing otherwise. */
export function showBrowserNotification(n: NotificationDto): void {
  if (!supported() || Notification.permission !== 'granted') return;
  try {
    const { title, body } = notificationText(n);
    new Notification(title, { body, tag: n.id });
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker: the bell has it.
  }
}
