import { Slider as SliderPrimitive } from 'radix-ui';
import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & {
  /** Names of the thumbs when there are several (e.g. ['Minimum', 'Maximum']); defaults to `aria-label`. */
  thumbLabels?: readonly string[];
  /** Text a screen reader speaks for a value (aria-valuetext), e.g. (v) => `${v} rows`. */
  getValueText?: (value: number) => string;
};

/**
 * A slider whose thumbs (the elements with role="slider") carry the accessible name: Radix puts
 * the role on each thumb, so `aria-label` / `aria-labelledby` given here are moved to the thumbs,
 * and `name` reaches the hidden form inputs through Radix.
 */
export function Slider({
  className,
  defaultValue,
  value,
  min = 0,
  max = 100,
  thumbLabels,
  getValueText,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-describedby': ariaDescribedBy,
  onValueChange,
  ...props
}: SliderProps) {
  // Mirrors the values of an uncontrolled slider so the thumb count and aria-valuetext stay current.
  const [uncontrolledValues, setUncontrolledValues] = useState<number[]>(defaultValue ?? [min]);
  const values = value ?? uncontrolledValues;
  return (
    <SliderPrimitive.Root
      data-slot="slider"
      defaultValue={defaultValue}
      value={value}
      min={min}
      max={max}
      onValueChange={(next) => {
        setUncontrolledValues(next);
        onValueChange?.(next);
      }}
      className={cn(
        'relative flex w-full touch-none items-center select-none data-[disabled]:opacity-50 data-[orientation=vertical]:h-full data-[orientation=vertical]:min-h-44 data-[orientation=vertical]:w-auto data-[orientation=vertical]:flex-col',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track
        data-slot="slider-track"
        className="relative grow overflow-hidden rounded-full bg-muted data-[orientation=horizontal]:h-1.5 data-[orientation=horizontal]:w-full data-[orientation=vertical]:h-full data-[orientation=vertical]:w-1.5"
      >
        <SliderPrimitive.Range
          data-slot="slider-range"
          className="absolute bg-primary data-[orientation=horizontal]:h-full data-[orientation=vertical]:w-full"
        />
      </SliderPrimitive.Track>
      {values.map((thumbValue, index) => (
        <SliderPrimitive.Thumb
          data-slot="slider-thumb"
          // Thumbs are positional and never reorder, so the index is a stable key.
          key={index}
          aria-label={thumbLabels?.[index] ?? ariaLabel}
          aria-labelledby={thumbLabels?.[index] ? undefined : ariaLabelledBy}
          aria-describedby={ariaDescribedBy}
          aria-valuetext={getValueText?.(thumbValue)}
          className="block size-4 shrink-0 rounded-full border border-primary bg-background shadow-sm transition-[color,box-shadow] hover:ring-4 hover:ring-ring/50 focus-visible:ring-4 focus-visible:ring-ring/50 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
