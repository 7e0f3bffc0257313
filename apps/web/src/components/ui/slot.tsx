import { Children, cloneElement, type ReactElement, type ReactNode, type Ref, type RefCallback } from 'react';

type Props = Record<string, unknown>;

function composeRefs<T>(...refs: Ref<T>[]): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Renders its only child with the props given to the slot merged in, as Radix's Slot does: the
 * child's props win, except that event handlers both run (the child's first), styles merge and
 * class names join. The Button's `asChild` uses it; Radix's Slot would put 1.7 KB gzipped into the
 * landing page's entry script (its size budget).
 */
export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  const child = Children.only(children) as ReactElement<Props>;
  const childProps = child.props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const [key, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[key];
    if (slotValue === undefined || childValue === undefined) continue;
    if (/^on[A-Z]/.test(key) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[key] = (...args: unknown[]) => {
        const result: unknown = childValue(...args);
        slotValue(...args);
        return result;
      };
    } else if (key === 'style') {
      merged.style = { ...(slotValue as object), ...(childValue as object) };
    } else if (key === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    } else if (key === 'ref') {
      merged.ref = composeRefs(slotValue as Ref<unknown>, childValue as Ref<unknown>);
    }
  }
  return cloneElement(child, merged);
}
