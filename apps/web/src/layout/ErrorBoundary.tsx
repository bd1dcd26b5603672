import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { isChunkLoadError, retryFailedChunks } from '../lib/chunkErrors';
import { describeError, recordClientError } from '../lib/errorLog';
import { lazyPage } from '../lib/lazyPage';
import { ChunkErrorView } from './ChunkErrorView';

// loaded only when an error happens, so the illustrations stay out of the first download
const ServerErrorView = lazyPage(() => import('../features/errors/ServerErrorView'), { namespaces: ['errors'] });

type Props = { children: ReactNode; resetKey?: string };
type State = { error: unknown; resetKey?: string };

/**
 * Catches render errors, records them for the error logger and shows the 500 view. A chunk that
 * could not be downloaded shows the chunk error view instead (it ships in the first download, so
 * it renders without the network), and the page is tried again when the network returns.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // navigating elsewhere clears the error
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  componentDidMount(): void {
    window.addEventListener('online', this.onOnline);
  }

  componentWillUnmount(): void {
    window.removeEventListener('online', this.onOnline);
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    const where = info.componentStack?.trim().split('\n')[0]?.trim() ?? '';
    recordClientError('react', `${describeError(error)}${where ? ` (${where})` : ''}`);
  }

  private onOnline = () => {
    if (isChunkLoadError(this.state.error)) this.retry();
  };

  private retry = () => {
    retryFailedChunks();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkErrorView onRetry={this.retry} />;
    return (
      <FallbackOnError fallback={<ChunkErrorView onRetry={this.retry} />}>
        <Suspense fallback={null}>
          <ServerErrorView onRetry={this.retry} />
        </Suspense>
      </FallbackOnError>
    );
  }
}

/** The 500 view is itself a download: when that fails too, the chunk error view stands in. */
class FallbackOnError extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
