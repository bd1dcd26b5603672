import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { describeError, recordClientError } from '../lib/errorLog';
import { lazyPage } from './lazyPage';

// loaded only when an error happens, so the illustrations stay out of the first download
const ServerErrorView = lazyPage(() => import('../features/errors/ServerErrorView'), { namespaces: ['errors'] });

type Props = { children: ReactNode; resetKey?: string };
type State = { error: unknown; resetKey?: string };

/** Catches render errors, records them for the error logger and shows the 500 view. */
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

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    const where = info.componentStack?.trim().split('\n')[0]?.trim() ?? '';
    recordClientError('react', `${describeError(error)}${where ? ` (${where})` : ''}`);
  }

  render() {
    if (this.state.error) {
      return (
        <Suspense fallback={null}>
          <ServerErrorView onRetry={() => this.setState({ error: null })} />
        </Suspense>
      );
    }
    return this.props.children;
  }
}
