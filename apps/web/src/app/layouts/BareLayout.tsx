import { ShellOutlet } from './ShellOutlet.tsx';

/** Signed-in screens without a shell, such as the printable report. */
export function BareLayout() {
  return (
    <div className="bare-layout">
      <ShellOutlet />
    </div>
  );
}
