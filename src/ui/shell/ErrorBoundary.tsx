import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of a blank page; receives the error and a way to try again. */
  fallback(error: Error, reset: () => void): ReactNode;
  onError?(error: Error, info: ErrorInfo): void;
  children: ReactNode;
}

/** Top-level boundary: an unexpected failure shows a dialog instead of a blank page. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override render() {
    const { error } = this.state;
    return error ? this.props.fallback(error, () => this.setState({ error: null })) : this.props.children;
  }
}
