import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme';

// Sonner styles toasts through these custom properties; pointing them at our theme tokens makes
// toasts follow light and dark. A destructive toast overrides them on its own element.
const themeVariables = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
  '--normal-bg-hover': 'var(--accent)',
  '--normal-border-hover': 'var(--border)',
  '--border-radius': 'var(--radius)',
} as CSSProperties;

// Solid red in both themes. In dark mode the red is deepened so white text keeps at least 4.5:1.
const destructiveClassName = [
  '[--normal-bg:var(--destructive)] [--normal-text:var(--destructive-foreground)] [--normal-border:var(--destructive)]',
  '[--normal-bg-hover:color-mix(in_oklch,var(--destructive)_85%,black)] [--normal-border-hover:var(--destructive-foreground)]',
  'dark:[--normal-bg:color-mix(in_oklch,var(--destructive)_70%,black)] dark:[--normal-border:var(--destructive)]',
  'dark:[--normal-bg-hover:color-mix(in_oklch,var(--destructive)_55%,black)]',
].join(' ');

/** spec 1 §9: 3 toasts visible, 4000 ms each. Loaded with sonner on the first toast (see sonner.tsx). */
export default function ThemedToaster() {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      visibleToasts={3}
      duration={4000}
      closeButton
      style={themeVariables}
      toastOptions={{
        classNames: {
          toast: 'group shadow-lg',
          // Sonner sets a fixed grey on descriptions; `!` lets the theme token win, and a
          // destructive toast uses its own foreground so the text stays readable on red.
          description: 'text-muted-foreground! group-data-[type=error]:text-destructive-foreground/90!',
          closeButton: 'hover:bg-(--normal-bg-hover)! hover:border-(--normal-border-hover)! focus-visible:ring-2 focus-visible:ring-ring',
          error: destructiveClassName,
        },
      }}
    />
  );
}
