import { Component, type ReactNode } from 'react';
import { AppErrorPage } from './components/app-error-page.tsx';

/** Mount and render errors outside the router still end on the error page (spec §4). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error) return <AppErrorPage error={this.state.error as Error} />;
    return this.props.children;
  }
}
