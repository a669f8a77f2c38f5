/**
 * A place to drop or pick files: a plain <input type="file" multiple> inside a label, so it works with
 * a tap, a keyboard and a screen reader, and also takes files dragged onto it. The input covers the
 * whole area (invisible), which makes the area itself the touch target.
 */
import { useState, type DragEvent, type ReactNode } from 'react';
import { IconUpload } from '@tabler/icons-react';
import classes from './file-drop-area.module.css';

export interface FileDropAreaProps {
  label: string;
  /** A second line under the label, e.g. which files are accepted. */
  hint?: ReactNode;
  disabled?: boolean;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}

export function FileDropArea({ label, hint, disabled, multiple = true, onFiles }: FileDropAreaProps) {
  const [dragging, setDragging] = useState(false);

  const onDragOver = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(e.dataTransfer?.files ?? []);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <label
      className={classes.area}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <IconUpload size={32} aria-hidden="true" />
      <span className={classes.title}>{label}</span>
      {hint && <span>{hint}</span>}
      <input
        className={classes.input}
        type="file"
        multiple={multiple}
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // Empty the input, so choosing the same file again still counts as a change.
          e.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </label>
  );
}
