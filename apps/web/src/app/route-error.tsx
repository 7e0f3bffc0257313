import { Component, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PlainButton as Button } from '@/components/ui/plain-button';

type BoundaryProps = { children: ReactNode };

/** Catches a page that fails to render or to load; the layout keys it by path, so a navigation resets it. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Shown when a page fails to load (for example a chunk that no longer exists after a deploy). */
function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section role="alert" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">This page failed to load.</p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </section>
  );
}
