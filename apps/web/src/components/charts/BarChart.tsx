import { useElementSize } from '@mantine/hooks';
import { ChartFrame } from './ChartFrame';
import type { ChartProps } from './types';

const ROW = 26;
const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Horizontal bars, one per row, scaled to the largest value; a small hand-drawn SVG in real pixels. */
export default function BarChart(props: ChartProps) {
  const { title, points, format } = props;
  const { ref, width: measured } = useElementSize<HTMLDivElement>();
  const width = Math.max(280, Math.min(measured || 600, 900));
  const labelW = Math.min(170, Math.round(width * 0.32));
  const valueW = 84;
  const barX = labelW + 8;
  const span = Math.max(40, width - barX - valueW);
  const max = Math.max(1, ...points.map((p) => p.value));
  const height = points.length * ROW + 4;
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
            const y = i * ROW + 4;
            const w = Math.max(2, (Math.max(0, p.value) / max) * span);
            return (
              <g key={`${p.label}-${i}`}>
                {/* The whole label and figure on hover and to screen readers: a long label is cut to fit. */}
                <title>{`${p.label}: ${format(p.value)}`}</title>
                <text x={labelW} y={y + 14} textAnchor="end" fontSize={12} fill="var(--mantine-color-gray-8)">
                  {short(p.label, Math.floor(labelW / 7))}
                </text>
                <rect x={barX} y={y + 2} width={w} height={ROW - 8} rx={3} fill="var(--mantine-color-indigo-6)" />
                <text x={barX + w + 6} y={y + 14} fontSize={12} fill="var(--mantine-color-gray-9)">
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
