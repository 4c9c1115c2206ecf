import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { abbreviate, formatPrice } from '@/lib/format';
import { useGetOrderBookQuery } from '../api/get-order-book';
import { depthCurve } from '../book-grouping';
import styles from './book-panel.module.css';

const HEIGHT = 320;
const PAD = { left: 8, right: 8, top: 12, bottom: 22 };
const BID = '#26a69a';
const ASK = '#ef5350';

type Curve = ReturnType<typeof depthCurve>;

/** Draws both sides' cumulative depth as steps: bids rising to the left, asks to the right. */
function draw(canvas: HTMLCanvasElement, bids: Curve, asks: Curve) {
  const width = canvas.clientWidth;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(HEIGHT * ratio);
  const g = canvas.getContext('2d');
  if (!g) return;
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, HEIGHT);
  const low = bids.at(-1)?.price ?? asks[0]?.price ?? 0;
  const high = asks.at(-1)?.price ?? bids[0]?.price ?? 1;
  const deepest = Math.max(bids.at(-1)?.depth ?? 0, asks.at(-1)?.depth ?? 0) || 1;
  const span = high - low || 1;
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (price: number) => PAD.left + ((price - low) / span) * plotW;
  const y = (depth: number) => PAD.top + plotH - (depth / deepest) * plotH;
  const side = (curve: Curve, colour: string, outward: 1 | -1) => {
    const first = curve[0];
    if (!first) return;
    g.beginPath();
    g.moveTo(x(first.price), y(0));
    let depth = 0;
    for (const point of curve) {
      g.lineTo(x(point.price), y(depth));
      g.lineTo(x(point.price), y(point.depth));
      depth = point.depth;
    }
    const edge = outward < 0 ? PAD.left : PAD.left + plotW;
    g.lineTo(edge, y(depth));
    g.lineTo(edge, y(0));
    g.closePath();
    g.fillStyle = `${colour}33`;
    g.fill();
    g.strokeStyle = colour;
    g.lineWidth = 1.5;
    g.stroke();
  };
  side(bids, BID, -1);
  side(asks, ASK, 1);
  g.fillStyle = getComputedStyle(canvas).color;
  g.font = '11px system-ui, sans-serif';
  g.textBaseline = 'bottom';
  g.textAlign = 'left';
  g.fillText(formatPrice(low), PAD.left, HEIGHT - 4);
  g.textAlign = 'right';
  g.fillText(formatPrice(high), PAD.left + plotW, HEIGHT - 4);
  g.textAlign = 'left';
  g.textBaseline = 'top';
  g.fillText(abbreviate(deepest), PAD.left, 0);
}

/**
 * The depth chart tab: the book's cumulative amounts against price (every level held, not just
 * the 12 rows shown), bids in green, asks in red; live with the book. Its name states the range.
 */
export default function DepthChart({ symbol, baseName }: { symbol: string; baseName: string }) {
  const { t } = useTranslation('trading-tools');
  const { data, isLoading, isError } = useGetOrderBookQuery(symbol);
  const canvas = useRef<HTMLCanvasElement>(null);
  const bids = data ? depthCurve(data.bids) : [];
  const asks = data ? depthCurve(data.asks) : [];
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const repaint = () => draw(element, bids, asks);
    repaint();
    const observer = new ResizeObserver(repaint);
    observer.observe(element);
    return () => observer.disconnect();
  });
  if (isLoading) return <Spinner label={t('depth.loading')} />;
  if (isError || !data) return <p className={styles.empty}>{t('depth.unavailable')}</p>;
  if (bids.length === 0 && asks.length === 0)
    return <p className={styles.empty}>{t('depth.empty')}</p>;
  const summary = (side: 'bids' | 'asks', curve: Curve) => {
    const [first, last] = [curve[0], curve.at(-1)];
    if (!first || !last) return t(side === 'bids' ? 'depth.noBids' : 'depth.noAsks');
    return t(`depth.${side}`, {
      from: formatPrice(first.price),
      to: formatPrice(last.price),
      depth: abbreviate(last.depth),
      coin: baseName,
    });
  };
  return (
    <canvas
      ref={canvas}
      className={styles.depth}
      data-testid="depth-chart"
      role="img"
      aria-label={t('depth.label', { bids: summary('bids', bids), asks: summary('asks', asks) })}
    />
  );
}
