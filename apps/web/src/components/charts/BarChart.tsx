import { useElementSize } from '@mantine/hooks';
import { ChartFrame } from './ChartFrame';
import type { ChartProps } from './types';

const ROW = 26;
/** The height a label on a line of its own adds to its row. */
const LABEL_LINE = 16;
/** Width of a character of the 12px labels, generously: a label given this much room is never cut. */
const CHAR_W = 7;
const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Where the labels go: a column of up to 32% of the width beside the bars, widened to 40% (240px) when needed;
 * longer labels take a line above their bar, so what tells the bars apart is never cut off.
 */
function labelLayout(width: number, longest: number): { labelW: number; stacked: boolean } {
  const usual = Math.min(170, Math.round(width * 0.32));
  const needed = longest * CHAR_W;
  if (needed <= usual) return { labelW: usual, stacked: false };
  const widest = Math.min(240, Math.round(width * 0.4));
  return needed <= widest ? { labelW: needed, stacked: false } : { labelW: width, stacked: true };
}

/** Horizontal bars, one per row, scaled to the largest value; a small hand-drawn SVG in real pixels. */
export default function BarChart(props: ChartProps) {
  const { title, points, format } = props;
  const { ref, width: measured } = useElementSize<HTMLDivElement>();
  const width = Math.max(280, Math.min(measured || 600, 900));
  const { labelW, stacked } = labelLayout(width, Math.max(0, ...points.map((p) => p.label.length)));
  const valueW = 84;
  const barX = stacked ? 0 : labelW + 8;
  const span = Math.max(40, width - barX - valueW);
  const max = Math.max(1, ...points.map((p) => p.value));
  const rowH = stacked ? ROW + LABEL_LINE : ROW;
  const height = points.length * rowH + 4;
  return (
    <ChartFrame {...props}>
      <div ref={ref}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          role="img"
          aria-label={title}
          style={{ display: 'block', maxWidth: '100%' }}
        >
          {points.map((p, i) => {
            const y = i * rowH + 4;
            const barY = stacked ? y + LABEL_LINE : y;
            const w = Math.max(2, (Math.max(0, p.value) / max) * span);
            return (
              <g key={`${p.label}-${i}`}>
                {/* The whole label and figure on hover and to screen readers: a label too long even for a line of its own is cut to fit. */}
                <title>{`${p.label}: ${format(p.value)}`}</title>
                <text
                  x={stacked ? 0 : labelW}
                  y={stacked ? y + 11 : y + 14}
                  textAnchor={stacked ? 'start' : 'end'}
                  fontSize={12}
                  fill="var(--mantine-color-gray-8)"
                >
                  {short(p.label, Math.floor(labelW / CHAR_W))}
                </text>
                <rect x={barX} y={barY + 2} width={w} height={ROW - 8} rx={3} fill="var(--mantine-color-indigo-6)" />
                <text x={barX + w + 6} y={barY + 14} fontSize={12} fill="var(--mantine-color-gray-9)">
                  {format(p.value)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </ChartFrame>
  );
}
