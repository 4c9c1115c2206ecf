import Bowser from 'bowser';

/** User agents longer than this are cut before they are stored. */
export const USER_AGENT_MAX = 512;

/**
 * A short name for the device a user agent describes, such as "Chrome 131 on Windows" or
 * "Safari on iOS": what the Security page and security notices show.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : null;
  if (!name && !os.name) return 'Unknown device';
  if (!name) return `Unknown browser on ${os.name}`;
  return os.name ? `${name} on ${os.name}` : name;
}

/** The user agent as kept: bounded in length. */
export function keptUserAgent(userAgent: string | undefined | null): string | null {
  return userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null;
}
