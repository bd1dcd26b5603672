import { useId } from 'react';

export type UsagePoint = { key: string; label: string; value: number };

type Props = {
  title: string;
  points: UsagePoint[];
  /** formats a value for its label, e.g. "12.5 MB" */
  format: (v: number) => string;
  /** a compact form for the label above a bar (defaults to format) */
  short?: (v: number) => string;
  /** a short label under every n-th bar when there are many */
  labelEvery?: number;
  emptyText: string;
  height?: number;
};

const PAD_TOP = 22;
const PAD_BOTTOM = 26;

/**
 * A small accessible bar chart in SVG: each bar carries its value as a label and a tooltip,
 * and the figures are also given as a table for screen readers.
 */
export function UsageBars({ title, points, format, short, labelEvery = 1, emptyText, height = 200 }: Props) {
  const id = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const slot = points.length > 12 ? 28 : 64;
  const width = Math.max(280, points.length * slot);
  const plot = height - PAD_TOP - PAD_BOTTOM;
  const barW = Math.max(6, slot * 0.6);
  if (points.length === 0 || max === 0) {
    return (
      <figure className="usage-bars" aria-labelledby={`${id}-t`}>
        <figcaption id={`${id}-t`}>{title}</figcaption>
        <div className="usage-bars-empty">{emptyText}</div>
      </figure>
    );
  }
  return (
    <figure className="usage-bars" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`}>{title}</figcaption>
      <div className="usage-bars-scroll">
        <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-labelledby={`${id}-t`} data-testid="usage-bars">
          <title>{title}</title>
          <line x1={0} x2={width} y1={PAD_TOP + plot} y2={PAD_TOP + plot} className="usage-axis" />
          {points.map((p, i) => {
            const h = max > 0 ? Math.max(p.value > 0 ? 2 : 0, (p.value / max) * plot) : 0;
            const x = i * slot + (slot - barW) / 2;
            const y = PAD_TOP + plot - h;
            const text = format(p.value);
            const showLabel = i % labelEvery === 0 || i === points.length - 1;
            return (
              <g key={p.key}>
                <title>{`${p.label}: ${text}`}</title>
                <rect x={x} y={y} width={barW} height={h} rx={2} className="usage-bar" />
                <text x={x + barW / 2} y={y - 4} textAnchor="middle" className={points.length > 12 ? 'usage-value usage-value-small' : 'usage-value'}>
                  {(short ?? format)(p.value)}
                </text>
                {showLabel && (
                  <text x={x + barW / 2} y={height - 8} textAnchor="middle" className="usage-label">
                    {p.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {points.map((p) => (
            <tr key={p.key}>
              <th scope="row">{p.label}</th>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
