import { FileUp } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/utils';

/**
 * A styled file picker: the native input stays in the page (keyboard, screen readers, the form's
 * label) but is hidden visually; a button-like label opens it, and the chosen file's name shows
 * beside it ("No file chosen" until then).
 */
export function FilePicker({
  label,
  accept,
  file,
  onFile,
  className,
}: {
  label: string;
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <span id={`${id}-label`} className="text-sm font-medium leading-none">
        {label}
      </span>
      <div className="flex min-w-0 items-center gap-3">
        <input
          id={id}
          type="file"
          accept={accept}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-name`}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className="inline-flex h-9 shrink-0 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 text-sm font-medium shadow-sm hover:bg-accent hover:text-accent-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2"
        >
          <FileUp aria-hidden="true" className="size-4" />
          Choose file
        </label>
        <span id={`${id}-name`} className="min-w-0 truncate text-sm text-muted-foreground">
          {file ? file.name : 'No file chosen'}
        </span>
      </div>
    </div>
  );
}
