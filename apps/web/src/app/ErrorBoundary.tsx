import { Component, type ErrorInfo, type ReactNode } from 'react';
import RouteErrorPage from './pages/RouteErrorPage';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the user navigates elsewhere) a caught error is forgotten. */
  resetKey?: string;
}

interface State {
  error: Error | null;
}

/**
 * Catches a screen that throws while rendering, or whose code cannot be loaded after a new
 * deployment replaced the hashed chunk files, and offers a reload instead of a blank page.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (this.state.error) return <RouteErrorPage error={this.state.error} />;
    return this.props.children;
  }
}
