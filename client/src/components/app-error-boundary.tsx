import { Component, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback.tsx';

interface State {
  error: unknown;
  hasError: boolean;
}

/** Catches rendering errors outside the router's own boundary (providers, the shell). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override render() {
    return this.state.hasError ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
