import type { Page } from 'playwright-core';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Frames the page paints in `ms`, counted by requestAnimationFrame (a string: tsx's helpers do not exist in the page). */
export const countFrames = (page: Page, ms: number) =>
  page.evaluate<number>(`new Promise((resolve) => {
    let frames = 0;
    const end = performance.now() + ${ms};
    const tick = (now) => {
      frames += 1;
      if (now < end) requestAnimationFrame(tick);
      else resolve(frames);
    };
    requestAnimationFrame(tick);
  })`);
