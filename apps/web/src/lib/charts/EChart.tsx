import { Spin } from 'antd';
import type { ECharts, EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import './charts.css';

type Core = typeof import('./echartsCore');
let loading: Promise<Core> | null = null;

/** ECharts, downloaded on first use; a failed download is tried again by the next chart. */
export function loadECharts(): Promise<Core> {
  if (!loading) {
    loading = import('./echartsCore').catch((err: unknown) => {
      loading = null;
      throw err;
    });
  }
  return loading;
}

type Props = {
  option: EChartsCoreOption;
  height: number;
  /** what the chart shows, for screen readers (the chart is one image to them) */
  label: string;
  loadingText: string;
  /** shown instead of the chart when ECharts cannot be loaded */
  fallback: ReactNode;
  /** shown after the chart (not after the fallback), e.g. the figures as a visually hidden table */
  children?: ReactNode;
  'data-testid'?: string;
};

/**
 * One ECharts chart (SVG), sized to its container's width and resized with it. It renders
 * nothing of ECharts until the library has loaded; meanwhile a spinner keeps the chart's place.
 */
export function EChart({ option, height, label, loadingText, fallback, children, 'data-testid': testId }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    loadECharts().then(
      ({ echarts }) => {
        if (gone || !box.current) return;
        const c = echarts.init(box.current, null, { renderer: 'svg', height });
        chart.current = c;
        observer = new ResizeObserver(() => c.resize());
        observer.observe(box.current);
        setState('ready');
      },
      () => {
        if (!gone) setState('failed');
      },
    );
    return () => {
      gone = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [height]);

  useEffect(() => {
    if (state === 'ready') chart.current?.setOption(option, { notMerge: true });
  }, [state, option]);

  if (state === 'failed') return <>{fallback}</>;
  return (
    <>
      <div className="echart" role="img" aria-label={label} aria-busy={state === 'loading'} data-testid={testId} style={{ height }}>
        <div ref={box} className="echart-canvas" aria-hidden="true" style={{ height }} />
        {state === 'loading' && (
          <div className="echart-loading">
            <Spin size="small" />
            <span className="echart-loading-text">{loadingText}</span>
          </div>
        )}
      </div>
      {children}
    </>
  );
}
