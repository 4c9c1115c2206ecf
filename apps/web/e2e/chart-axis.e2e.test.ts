import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForFile } from './support';

/**
 * The price chart's canvases as a phone user sees them while scrolling: every frame drawn on a
 * cleared canvas (a build setting once removed the library's clearing, and a scrolled chart
 * smeared its frames over each other), and no time label cut at the axis's ends (W4-24).
 */
const pages = browserForFile();
const SHOTS = process.env.E2E_SHOTS_DIR;

/** The time axis's drawing (its main canvas): the image, and the ink in its two outer columns. */
const timeAxis = (page: Page) =>
  page.getByTestId('price-chart').evaluate((chart) => {
    const rows = chart.querySelectorAll('table tr');
    const canvas = rows[rows.length - 1]?.children[1]?.querySelector('canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context) throw new Error('no time axis');
    // Below the axis's top border, the inked pixels of two columns.
    const ink = (x: number) => {
      const pixels = context.getImageData(x, 4, 2, canvas.height - 4).data;
      let n = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) n++;
      return n;
    };
    return { image: canvas.toDataURL(), left: ink(0), right: ink(canvas.width - 2) };
  });

async function openChart(page: Page) {
  await page.goto(`${baseUrl()}/BTCUSDT`);
  await page.getByTestId('chart-legend').waitFor();
  const pane = await page.getByTestId('price-chart').locator('table tr').first().boundingBox();
  if (!pane) throw new Error('no chart pane');
  return { x: pane.x + pane.width / 2, y: pane.y + pane.height / 2 };
}

describe("the price chart's canvases on a phone", () => {
  it('draws each frame afresh: scrolled away and back, the time axis is as it was', async () => {
    const page = await pages.open(375, 812, { deviceScaleFactor: 2 });
    const centre = await openChart(page);
    const drag = async (dx: number) => {
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      await page.mouse.move(centre.x + dx, centre.y, { steps: 6 });
      await page.mouse.up();
    };
    await page.mouse.move(1, 1);
    const before = await timeAxis(page);
    await drag(150);
    await drag(-150);
    await page.mouse.move(1, 1);
    await expect.poll(async () => (await timeAxis(page)).image === before.image).toBe(true);
  });

  it('keeps every time label inside the frame while the chart scrolls (W4-24)', async () => {
    const page = await pages.open(375, 812, { deviceScaleFactor: 2 });
    const centre = await openChart(page);
    await page.mouse.move(centre.x, centre.y);
    // About 180 px of scrolling in small steps: more than the room between two labels, so
    // labels pass both ends of the axis.
    const cut: string[] = [];
    for (let step = 0; step < 30; step++) {
      await page.mouse.wheel(-6, 0);
      await page.waitForTimeout(60);
      const { left, right } = await timeAxis(page);
      if (left > 0 || right > 0) cut.push(`step ${step}: left ${left}, right ${right}`);
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/chart-axis-375.png` });
    expect(cut).toEqual([]);
  });
});
