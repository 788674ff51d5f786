import { useElementSize } from '@mantine/hooks';
import { ChartFrame } from './ChartFrame';
import { TREND_CHART_HEIGHT as HEIGHT } from './sizes';
import type { ChartPoint, ChartProps } from './types';

const PAD = { left: 10, right: 10, top: 24, bottom: 26 };

/**
 * A month-by-month line in hand-drawn SVG with the peak and latest value. A `projection` of a running period is
 * drawn dashed to a hollow marker, so a month just begun never reads as closed.
 */
export default function TrendChart(props: ChartProps & { projection?: ChartPoint | undefined }) {
  const { title, points, format, projection } = props;
  const { ref, width: measured } = useElementSize<HTMLDivElement>();
  const width = Math.max(280, measured || 600);
  const max = Math.max(1, ...points.map((p) => p.value), projection?.value ?? 0);
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i / (points.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (Math.max(0, v) / max) * innerH;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = points.length > 0 ? `${x(0)},${PAD.top + innerH} ${line} ${x(points.length - 1)},${PAD.top + innerH}` : '';
  // Every label when there is room, else every second or third one, always counting back from the latest.
  const step = Math.max(1, Math.ceil((points.length * 52) / innerW));
  const last = points.at(-1);
  const peak = points.reduce((best, p, i) => (p.value > (points[best]?.value ?? -Infinity) ? i : best), 0);
  return (
    <ChartFrame {...props}>
      <div ref={ref}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={title}
          style={{ display: 'block', maxWidth: '100%' }}
        >
          <line x1={PAD.left} x2={width - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke="var(--mantine-color-gray-4)" />
          <polygon points={area} fill="var(--mantine-color-indigo-1)" />
          <polyline points={line} fill="none" stroke="var(--mantine-color-indigo-7)" strokeWidth={2} />
          {points.map((p, i) => (
            <g key={`${p.label}-${i}`}>
              <circle cx={x(i)} cy={y(p.value)} r={3} fill="var(--mantine-color-indigo-7)" />
              {(points.length - 1 - i) % step === 0 ? (
                <text
                  x={x(i)}
                  y={HEIGHT - 8}
                  fontSize={11}
                  textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
                  fill="var(--mantine-color-gray-8)"
                >
                  {p.label}
                </text>
              ) : null}
            </g>
          ))}
          {points[peak] && peak !== points.length - 1 ? (
            <text x={x(peak)} y={y(points[peak].value) - 8} fontSize={11} textAnchor="middle" fill="var(--mantine-color-gray-9)">
              {format(points[peak].value)}
            </text>
          ) : null}
          {projection && points.length > 0 ? (
            <g data-testid="trend-projection">
              <polyline
                points={`${x(Math.max(0, points.length - 2)).toFixed(1)},${y(points.at(-2)?.value ?? projection.value).toFixed(1)} ${x(points.length - 1).toFixed(1)},${y(projection.value).toFixed(1)}`}
                fill="none"
                stroke="var(--mantine-color-indigo-7)"
                strokeWidth={2}
                strokeDasharray="5 4"
              />
              <circle
                cx={x(points.length - 1)}
                cy={y(projection.value)}
                r={4}
                fill="white"
                stroke="var(--mantine-color-indigo-7)"
                strokeWidth={2}
              />
              <text
                x={x(points.length - 1) - 8}
                y={y(projection.value) + 4}
                fontSize={11}
                textAnchor="end"
                fill="var(--mantine-color-gray-9)"
              >
                {`${projection.label} ${format(projection.value)}`}
              </text>
            </g>
          ) : null}
          {last ? (
            <text
              x={x(points.length - 1)}
              y={y(last.value) - 8}
              fontSize={12}
              fontWeight={600}
              textAnchor="end"
              fill="var(--mantine-color-gray-9)"
            >
              {projection ? `MTD ${format(last.value)}` : format(last.value)}
            </text>
          ) : null}
        </svg>
      </div>
    </ChartFrame>
  );
}
